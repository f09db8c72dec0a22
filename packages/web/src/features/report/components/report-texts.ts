/**
 * The words of the report link and dialog. The reasons' labels are shared with the moderation
 * console (src/lib/reports.ts); the thank-you sentence with the command line (core).
 */
import { REPORT_DETAILS_MAX_LENGTH, REPORT_THANKS } from '@sealdrop/core/moderation';

const MAX = REPORT_DETAILS_MAX_LENGTH.toLocaleString('en-US');

export const REPORT_TEXTS = {
  link: 'Report this file',
  title: 'Report this file',
  description:
    'Tell a moderator what is wrong with this link. Reports are read by the people who run this site.',
  termsBefore: 'What is not allowed here is in the ',
  termsLink: 'terms of use',
  termsAfter: '.',
  reasonLabel: 'Reason',
  detailsLabel: 'Details',
  detailsHint: `Optional. Up to ${MAX} characters.`,
  detailsCount: (length: number) => `${length.toLocaleString('en-US')} of ${MAX} characters`,
  detailsTooLong: `Details can be at most ${MAX} characters. Please shorten them.`,
  emailLabel: 'Your email (optional)',
  emailHint: 'Only if a moderator may write back to you. It is never shown to the uploader.',
  keyLabel: 'Include the key so a moderator can check the file',
  keyHint:
    'A moderator will then be able to decrypt this file and see what it contains. Without the key, nobody at this site can read it.',
  abuseEmail: (email: string) => `For a legal notice you can also write to ${email}.`,
  cancel: 'Cancel',
  submit: 'Send report',
  submitting: 'Sending…',
  thanks: REPORT_THANKS,
  close: 'Close',
} as const;
