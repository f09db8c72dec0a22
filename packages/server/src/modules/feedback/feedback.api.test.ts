import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { feedbackClient, MESSAGE } from './feedback.test-client';

describeEachDatabase('feedback API: sending and listing', (createDatabase) => {
  let server: TestServer;
  let client: ReturnType<typeof feedbackClient>;
  serverPerTest(createDatabase, (started) => {
    server = started;
    client = feedbackClient(server);
  });

  it('accepts anonymous feedback and returns it trimmed, with no account attached', async () => {
    const { statusCode, body } = await client.call('POST', '/api/feedback', {
      body: { type: 'bug', message: `  ${MESSAGE}  `, email: ' guest@example.com ' },
    });
    expect(statusCode).toBe(200);
    expect(body).toEqual({
      status: 'success',
      data: {
        feedback: {
          id: expect.any(String),
          type: 'bug',
          message: MESSAGE,
          email: 'guest@example.com',
          userId: null,
          createdAt: server.clock.now().toISOString(),
          updatedAt: server.clock.now().toISOString(),
        },
      },
    });
  });

  it('stores an empty email as no email', async () => {
    const entry = await client.submit({ type: 'other', message: MESSAGE, email: '' });
    expect(entry).toMatchObject({ email: null });
  });

  it('links feedback to the signed-in user who sends a valid token', async () => {
    const ada = await client.signUp('ada@example.com');
    const entry = await client.submit({ type: 'suggestion', message: MESSAGE }, ada.token);
    expect(entry.userId).toBe(ada.id);
  });

  it('files feedback sent with a stale token anonymously rather than losing it', async () => {
    const entry = await client.submit({ type: 'bug', message: MESSAGE }, 'not-a-real-token');
    expect(entry.userId).toBeNull();
  });

  it.each([
    [{ type: 'bug' }, 'Feedback message is required'],
    [{ type: 'bug', message: '    ' }, 'Feedback message is required'],
    [
      { type: 'bug', message: '  too short  ' },
      'Please provide more detailed feedback (at least 10 characters)',
    ],
    [
      { type: 'bug', message: 'x'.repeat(5001) },
      'Feedback message must be at most 5000 characters',
    ],
    [{ type: 'bug', message: MESSAGE, email: 'nope' }, 'Please enter a valid email address'],
    [{ type: 'praise', message: MESSAGE }, 'Feedback type must be bug, suggestion or other'],
  ])('refuses %j with 400 and the exact message', async (payload, message) => {
    const response = await client.call('POST', '/api/feedback', { body: payload });
    expect(response).toEqual({ statusCode: 400, body: { status: 'error', message } });
  });

  it('lists only my own feedback, newest first, honouring the limit', async () => {
    const ada = await client.signUp('ada@example.com');
    const bob = await client.signUp('bob@example.com');
    for (let i = 1; i <= 3; i += 1) {
      await client.submit({ type: 'bug', message: `${MESSAGE} (${i})` }, ada.token);
      server.clock.advance(1000);
    }
    await client.submit({ type: 'bug', message: `${MESSAGE} from Bob` }, bob.token);
    await client.submit({ type: 'bug', message: `${MESSAGE} anonymously` });

    const all = await client.call('GET', '/api/feedback/my', { token: ada.token });
    expect(all.statusCode).toBe(200);
    expect(all.body.data.limit).toBe(10);
    expect(all.body.data.items.map((item: { message: string }) => item.message)).toEqual([
      `${MESSAGE} (3)`,
      `${MESSAGE} (2)`,
      `${MESSAGE} (1)`,
    ]);

    const two = await client.call('GET', '/api/feedback/my?limit=2', { token: ada.token });
    expect(two.body.data.items).toHaveLength(2);
    expect(two.body.data.items[0].message).toBe(`${MESSAGE} (3)`);
  });

  it('refuses the list without a token and a limit out of range', async () => {
    expect((await client.call('GET', '/api/feedback/my')).statusCode).toBe(401);
    const ada = await client.signUp('ada@example.com');
    for (const limit of ['0', '101', 'many']) {
      const response = await client.call('GET', `/api/feedback/my?limit=${limit}`, {
        token: ada.token,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body.message).toMatch(/^limit: /);
    }
  });
});

describeEachDatabase('feedback API: rate limit', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, { env: { RATE_LIMIT_FEEDBACK_PER_MINUTE: '2' } }, (started) => {
    server = started;
  });

  it('refuses more submissions per minute from one address than configured', async () => {
    const client = feedbackClient(server);
    await client.submit({ type: 'bug', message: MESSAGE });
    await client.submit({ type: 'bug', message: MESSAGE });
    const third = await client.call('POST', '/api/feedback', {
      body: { type: 'bug', message: MESSAGE },
    });
    expect(third).toEqual({
      statusCode: 429,
      body: { status: 'error', message: 'Too many requests, please slow down' },
    });
  });
});
