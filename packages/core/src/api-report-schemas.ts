/**
 * POST /reports: what a visitor (the report dialog, `sealdrop report`) sends about a link. The
 * schema cleans what it accepts (trimmed details, email or null, the key in one canonical form),
 * so what passes is what gets stored.
 */
import { z } from 'zod';
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
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

export const reportRequestSchema = z.object({
  code: z
    .string()
    .max(2048, REPORT_ERRORS.code)
    .refine((value) => !/#./.test(value), REPORT_ERRORS.codeWithKey)
    .transform((value, ctx) => {
      const code = reportedCode(value.replace(/#$/, ''));
      if (code) return code;
      ctx.addIssue({ code: 'custom', message: REPORT_ERRORS.code });
      return z.NEVER;
    }),
  reason: z.enum(REPORT_REASONS, { error: REPORT_ERRORS.reason }),
  details: optionalText(REPORT_DETAILS_MAX_LENGTH, REPORT_ERRORS.details),
  email: optionalText(254, REPORT_ERRORS.email).refine(
    (email) => email === null || SIMPLE_EMAIL_PATTERN.test(email),
    REPORT_ERRORS.email,
  ),
  /** Sent only when the reporter ticks "Include the key…": the one way a key reaches the server. */
  key: z
    .string()
    .max(512, REPORT_ERRORS.key)
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const secrets = parseFragment(value.trim());
      if (secrets) return buildFragment(secrets);
      ctx.addIssue({ code: 'custom', message: REPORT_ERRORS.key });
      return z.NEVER;
    }),
});
export type ReportRequest = z.input<typeof reportRequestSchema>;
export type ValidReport = z.output<typeof reportRequestSchema>;

export const reportResponseSchema = z.object({ reported: z.literal(true) });
