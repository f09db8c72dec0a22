/**
 * What the server logs around mail: with SMTP_URL unset the message is written in a marked block
 * (the embedded default), and no other log line ever holds a link token or a password.
 */
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { linkToken, type SmtpSink, startSmtpSink } from '../../testing/smtp-sink';
import { createTestServer, logCapture, type TestServer } from '../../testing/test-server';
import { MAIL_BLOCK_BEGIN, MAIL_BLOCK_END } from './mail.mailer';

const PASSWORD = 'Correct-Horse-9';
const NEW_PASSWORD = 'Another-Horse-7';

describeEachDatabase('mail in the server log', (createDatabase) => {
  let server: TestServer;
  let sink: SmtpSink | undefined;
  const { lines, logger } = logCapture();
  afterEach(async () => {
    await server.close();
    await sink?.close();
    sink = undefined;
    lines.length = 0;
  });

  async function start(env: Record<string, string>) {
    server = await createTestServer({
      database: await createDatabase(),
      env: { RATE_LIMIT_ENABLED: 'false', ...env },
      logger,
    });
  }
  const post = async (url: string, body: object, token?: string) => {
    const response = await server.app.inject({
      method: url.endsWith('profile') ? 'PUT' : 'POST',
      url,
      payload: body,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return response.json();
  };
  const mailBlocks = () =>
    lines
      .map((line) => JSON.parse(line).msg as string)
      .filter((msg) => msg?.startsWith(MAIL_BLOCK_BEGIN));

  it('writes each message in a marked block when SMTP_URL is unset, with a working link', async () => {
    await start({});
    await post('/api/auth/register', { email: 'ada@example.com', password: PASSWORD });
    const [block] = mailBlocks();
    expect(block?.split('\n')).toEqual([
      MAIL_BLOCK_BEGIN,
      'From: Sealdrop <no-reply@localhost>',
      'To: ada@example.com',
      'Subject: Confirm your email address for Sealdrop',
      '',
      expect.stringContaining('ada@example.com'),
      '',
      expect.stringMatching(/^http:\/\/localhost(:80)?\/verify-email#token=[A-Za-z0-9_-]{43}$/),
      '',
      expect.any(String),
      expect.any(String),
      MAIL_BLOCK_END,
    ]);
    const token = /#token=([A-Za-z0-9_-]+)/.exec(block ?? '')?.[1] ?? '';
    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.data.user.emailVerified).toBe(true);
  });

  /** Register, verify, change the email, forget and reset the password: every secret seen. */
  async function fullSession(readLink: (to: string, skip: number) => Promise<string>) {
    const secrets = [PASSWORD, NEW_PASSWORD];
    const registered = await post('/api/auth/register', {
      email: 'ada@example.com',
      password: PASSWORD,
    });
    secrets.push(registered.data.token);
    const verifyToken = await readLink('ada@example.com', 0);
    await post('/api/auth/verify-email', { token: verifyToken });
    const changed = await post(
      '/api/auth/profile',
      { email: 'new@example.com', currentPassword: PASSWORD },
      registered.data.token,
    );
    secrets.push(changed.data.token);
    const changeToken = await readLink('new@example.com', 0);
    await post('/api/auth/verify-email', { token: changeToken });
    await post('/api/auth/forgot-password', { email: 'new@example.com' });
    const resetToken = await readLink('new@example.com', 1);
    await post('/api/auth/reset-password', { token: resetToken, newPassword: NEW_PASSWORD });
    secrets.push(verifyToken, changeToken, resetToken);
    return secrets;
  }

  it('logs no token or password outside the marked block (SMTP_URL unset)', async () => {
    await start({});
    const readLink = async (to: string, skip: number) => {
      for (let tries = 0; tries < 100; tries += 1) {
        const block = mailBlocks().filter((msg) => msg.includes(`To: ${to}\n`))[skip];
        const token = block && /#token=([A-Za-z0-9_-]+)/.exec(block)?.[1];
        if (token) return token;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no mail to ${to}`);
    };
    const secrets = await fullSession(readLink);
    const others = lines.filter((line) => !line.includes(MAIL_BLOCK_BEGIN));
    expect(others.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(others.join('\n')).not.toContain(secret);
  });

  it('logs no token or password at all when mail goes out over SMTP', async () => {
    sink = await startSmtpSink();
    const smtp = sink;
    await start({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://sealdrop.test' });
    const secrets = await fullSession(async (to, skip) => {
      const mail = await smtp.waitForMail(to, { skip });
      return linkToken(
        mail,
        mail.text.includes('/reset-password#') ? '/reset-password' : '/verify-email',
      );
    });
    expect(lines.join('\n')).not.toContain(MAIL_BLOCK_BEGIN);
    for (const secret of secrets) expect(lines.join('\n')).not.toContain(secret);
  });
});
