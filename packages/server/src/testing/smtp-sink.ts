/**
 * A real SMTP server on loopback (smtp-server) that keeps every message it receives, parsed with
 * mailparser, so tests read links out of mail exactly as a person would.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The first received message to `to` (optionally after `skip` earlier ones), waiting for it. */
  waitForMail(to: string, options?: { skip?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  /** Messages received so far for one address. */
  mailTo(to: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const mailTo = (to: string) => messages.filter((mail) => mail.to.includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    mailTo,
    async waitForMail(to, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 5000);
      for (;;) {
        const mail = mailTo(to)[options.skip ?? 0];
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within the time limit`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The pages a mailed link opens. */
export type MailedLinkPath = '/verify-email' | '/reset-password' | '/restore-email';

/** The token of a `{origin}{path}#token=…` link in a message's text. */
export function linkToken(mail: ReceivedMail, path: MailedLinkPath): string {
  const match = new RegExp(`${path}#token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1];
}

/** The full link of that kind, as the mail shows it. */
export function linkUrl(mail: ReceivedMail, path: MailedLinkPath): string {
  const match = new RegExp(`\\S+${path}#token=[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[0];
}
