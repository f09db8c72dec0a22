/**
 * POST /reports: what a visitor (the report dialog, `sealdrop report`) sends about a link. The
 * schema cleans what it accepts (trimmed details, email or null, the key in one canonical form),
 * so what passes is what gets stored.
 */
import { z } from 'zod/mini';
import { buildFragment, parseFragment } from './crypto/fragment';
import { SIMPLE_EMAIL_PATTERN } from './email';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS } from './moderation';
import { isShortCode } from './short-code';

export const REPORT_ERRORS = {
  code: 'must be the link, its short code or its file id',
  codeWithKey:
    "must not carry the link's #key: send the key in `key`, and only to let a moderator open the file",
  reason: `must be one of ${REPORT_REASONS.join(', ')}`,
  details: `must be at most ${REPORT_DETAILS_MAX_LENGTH} characters`,
  email: 'Please enter a valid email address',
  key: "must be the link's key as key=…&iv=… (the part after # of an unprotected link)",
} as const;

/**
 * The short code or file id a report names: the code itself, or a link to `/s/{code}` or
 * `/download/{fileId}` (any origin: the server only looks the code up). Null when it is neither.
 * A link's fragment holds its key, so one with a fragment is refused before it gets here.
 */
export function reportedCode(value: string): string | null {
  const text = value.trim();
  if (isShortCode(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const match = /^\/(?:s|download)\/([^/]+)\/?$/.exec(url.pathname);
  const code = match ? decodeURIComponent(match[1] ?? '') : '';
  return isShortCode(code) ? code : null;
}

const optionalText = (max: number, message: string) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, message))),
    z.transform((value: string | null | undefined) => value || null),
  );

/** A transform's refusal: the issue, and a value no one reads (parsing fails). */
function refuse(payload: z.core.ParsePayload, message: string): never {
  payload.issues.push({ code: 'custom', message, input: payload.value });
  return z.NEVER;
}

export const reportRequestSchema = z.object({
  code: z.pipe(
    z.string().check(
      z.maxLength(2048, REPORT_ERRORS.code),
      z.refine((value) => !/#./.test(value), REPORT_ERRORS.codeWithKey),
    ),
    z.transform(
      (value: string, payload) =>
        reportedCode(value.replace(/#$/, '')) || refuse(payload, REPORT_ERRORS.code),
    ),
  ),
  reason: z.enum(REPORT_REASONS, { error: REPORT_ERRORS.reason }),
  details: optionalText(REPORT_DETAILS_MAX_LENGTH, REPORT_ERRORS.details),
  email: optionalText(254, REPORT_ERRORS.email).check(
    z.refine((email) => email === null || SIMPLE_EMAIL_PATTERN.test(email), REPORT_ERRORS.email),
  ),
  /** Sent only when the reporter ticks "Include the key…": the one way a key reaches the server. */
  key: z.pipe(
    z.nullish(z.string().check(z.maxLength(512, REPORT_ERRORS.key))),
    z.transform((value: string | null | undefined, payload) => {
      if (!value) return null;
      const secrets = parseFragment(value.trim());
      return secrets ? buildFragment(secrets) : refuse(payload, REPORT_ERRORS.key);
    }),
  ),
});
export type ReportRequest = z.input<typeof reportRequestSchema>;
export type ValidReport = z.output<typeof reportRequestSchema>;

export const reportResponseSchema = z.object({ reported: z.literal(true) });
