/** The texts of the mails Sealdrop sends. Plain text only: nothing to render, nothing to track. */
import type { MailMessage } from './mail.mailer';

const BRAND = 'Sealdrop';

export function verificationMessage(input: { to: string; link: string }): MailMessage {
  return {
    to: input.to,
    subject: `Confirm your email address for ${BRAND}`,
    text: [
      `Please confirm that ${input.to} is your address by opening this link:`,
      '',
      input.link,
      '',
      'The link works once and expires in 24 hours.',
      `If you did not ask for this, ignore this message: nothing changes on any ${BRAND} account.`,
    ].join('\n'),
  };
}

export function passwordResetMessage(input: { to: string; link: string }): MailMessage {
  return {
    to: input.to,
    subject: `Reset your ${BRAND} password`,
    text: [
      'Someone (hopefully you) asked to reset the password of your account. To choose a new one, open:',
      '',
      input.link,
      '',
      'The link works once and expires in 1 hour. Setting a new password signs out every device.',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}
