/** Helpers shared by the feedback API tests: JSON calls with an optional token, and accounts. */
import { linkToken, type SmtpSink } from '../../testing/smtp-sink';
import type { TestServer } from '../../testing/test-server';

export const ADMIN_EMAIL = 'admin@example.com';
export const MESSAGE = 'The download button does nothing on my phone.';
const PASSWORD = 'Correct-Horse-9';

export function feedbackClient(server: TestServer) {
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { token?: string; body?: unknown } = {},
  ) {
    const response = await server.app.inject({
      method,
      url,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    return { statusCode: response.statusCode, body: response.json() };
  }

  /** Registers an account and returns its token and id. */
  async function signUp(email: string): Promise<{ token: string; id: string }> {
    const { body } = await call('POST', '/api/auth/register', {
      body: { email, password: PASSWORD },
    });
    return { token: body.data.token, id: body.data.user.id };
  }

  /** Logs an existing account in again, e.g. after the test clock outran its session. */
  async function signIn(email: string): Promise<string> {
    const { body } = await call('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    return body.data.token;
  }

  /** Opens the verification link the server mailed to `email` (the server's SMTP_URL is `sink`). */
  async function verifyEmail(sink: SmtpSink, email: string): Promise<void> {
    const token = linkToken(await sink.waitForMail(email), '/verify-email');
    const { statusCode } = await call('POST', '/api/auth/verify-email', { body: { token } });
    if (statusCode !== 200) throw new Error(`verification of ${email} failed: ${statusCode}`);
  }

  /** Sends feedback and returns the stored entry. */
  async function submit(body: object, token?: string) {
    const response = await call('POST', '/api/feedback', { body, token });
    if (response.statusCode !== 200) throw new Error(JSON.stringify(response));
    return response.body.data.feedback as { id: string; userId: string | null };
  }

  return { call, signUp, signIn, verifyEmail, submit };
}
