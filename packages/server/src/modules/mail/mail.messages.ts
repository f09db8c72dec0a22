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

/** To the old address, when someone signed in asks to move the account to another address. */
export function emailChangeRequestedMessage(input: { to: string; newEmail: string }): MailMessage {
  return {
    to: input.to,
    subject: `Your ${BRAND} email address is about to change`,
    text: [
      `Someone signed in to your ${BRAND} account asked to change its email address from ${input.to} to ${input.newEmail}.`,
      'Nothing changes until the link sent to the new address is opened.',
      '',
      'If this wasn\'t you, change your password now (in Settings, or with "Forgot password?" in the login window): that cancels the change and signs out every device.',
    ].join('\n'),
  };
}

/** To the old address, once an email change applied: the way back if it was not its owner. */
export function emailChangedMessage(input: {
  to: string;
  newEmail: string;
  link: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `Your ${BRAND} email address was changed`,
    text: [
      `The email address of your ${BRAND} account was changed from ${input.to} to ${input.newEmail}.`,
      '',
      `This wasn't me: ${input.link}`,
      '',
      `If it wasn't you, open that link within 7 days: it puts ${input.to} back, asks you for a new password, signs out every device and voids the links sent to ${input.newEmail}.`,
      'If it was you, ignore this message.',
    ].join('\n'),
  };
}

/** To an account's address when someone tries to register it again. */
export function signupAttemptMessage(input: { to: string; link: string }): MailMessage {
  return {
    to: input.to,
    subject: `Someone tried to sign up to ${BRAND} with your address`,
    text: [
      `Someone tried to create a ${BRAND} account with ${input.to}, which already has one. No account was created and nothing about yours changed.`,
      '',
      'If it was you and you no longer know your password, choose a new one here (the link works once and expires in 1 hour; setting a new password signs out every device):',
      '',
      input.link,
      '',
      'If it was not you, ignore this message.',
    ].join('\n'),
  };
}
