/**
 * Outgoing mail. With SMTP_URL set, messages go through nodemailer over SMTP; unset
 * (the embedded default) each message is written to the server log in a marked block instead,
 * so `npm start` works alone and a developer can still open the links it holds.
 */
import { createTransport } from 'nodemailer';
import { mailUnavailable } from './mail.errors';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends one message; throws a 503 AppError when the SMTP server refuses or cannot be reached. */
  send(message: MailMessage): Promise<void>;
}

/** The two pino methods the mailer needs; Fastify's app.log fits. */
export interface MailLog {
  info(message: string): void;
  error(details: object, message: string): void;
}

export const MAIL_BLOCK_BEGIN = '----- BEGIN MAIL (not sent: SMTP_URL is unset) -----';
export const MAIL_BLOCK_END = '----- END MAIL -----';

export function createMailer(input: {
  smtpUrl: string | undefined;
  from: string;
  log: MailLog;
}): Mailer {
  const { smtpUrl, from, log } = input;
  if (!smtpUrl) {
    return {
      async send(message) {
        log.info(
          [
            MAIL_BLOCK_BEGIN,
            `From: ${from}`,
            `To: ${message.to}`,
            `Subject: ${message.subject}`,
            '',
            message.text,
            MAIL_BLOCK_END,
          ].join('\n'),
        );
      },
    };
  }
  const transport = createTransport(smtpUrl, { from });
  return {
    async send(message) {
      try {
        await transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
      } catch (err) {
        // The text holds a single-use link: log who and what, never the body.
        log.error(
          { err: { message: (err as Error).message }, to: message.to, subject: message.subject },
          'mail not sent',
        );
        throw mailUnavailable();
      }
    },
  };
}
