/** Helpers for the mailed-link API tests: a server wired to a real SMTP sink, and JSON calls. */

import type { TestDatabase } from '../../testing/databases';
import { startSmtpSink } from '../../testing/smtp-sink';
import { createTestServer } from '../../testing/test-server';

export const PASSWORD = 'Correct-Horse-9';

export async function createMailTestServer(
  database: TestDatabase,
  env: Record<string, string> = {},
) {
  const sink = await startSmtpSink();
  const server = await createTestServer({
    database,
    env: {
      SMTP_URL: sink.url,
      PUBLIC_URL: 'http://sealdrop.test',
      RATE_LIMIT_ENABLED: 'false',
      ...env,
    },
  });
  async function call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { token?: string; body?: object; headers?: Record<string, string> } = {},
  ) {
    const response = await server.app.inject({
      method,
      url,
      headers: {
        host: 'sealdrop.test',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body ? { payload: options.body } : {}),
    });
    return { statusCode: response.statusCode, body: response.json() };
  }
  const register = async (email: string, password = PASSWORD) => {
    const { body } = await call('POST', '/api/auth/register', { body: { email, password } });
    return { token: body.data.token as string, user: body.data.user };
  };
  const login = (email: string, password = PASSWORD) =>
    call('POST', '/api/auth/login', { body: { email, password } });
  return {
    server,
    sink,
    call,
    register,
    login,
    close: async () => {
      await server.close();
      await sink.close();
    },
  };
}

export type MailTestServer = Awaited<ReturnType<typeof createMailTestServer>>;
