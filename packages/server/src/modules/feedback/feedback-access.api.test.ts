import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { type SmtpSink, startSmtpSink } from '../../testing/smtp-sink';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { ADMIN_EMAIL, feedbackClient, MESSAGE } from './feedback.test-client';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('feedback API: who may read, change and delete', (createDatabase) => {
  let server: TestServer;
  let client: ReturnType<typeof feedbackClient>;
  let ada: { token: string; id: string };
  let bob: { token: string; id: string };
  let admin: { token: string; id: string };
  let sink: SmtpSink;
  beforeEach(async () => {
    sink = await startSmtpSink();
    server = await createTestServer({
      database: await createDatabase(),
      // Spaces and capitals: the list is read as people write it.
      env: {
        ADMIN_EMAILS: ` Admin@Example.com , other-admin@example.com`,
        RATE_LIMIT_ENABLED: 'false',
        SMTP_URL: sink.url,
        PUBLIC_URL: 'http://sealdrop.test',
      },
    });
    client = feedbackClient(server);
    ada = await client.signUp('ada@example.com');
    bob = await client.signUp('bob@example.com');
    admin = await client.signUp(ADMIN_EMAIL);
    // Admin rights need a verified address.
    await client.verifyEmail(sink, ADMIN_EMAIL);
  });
  afterEach(async () => {
    await server.close();
    await sink.close();
  });

  it('gives no admin rights to an address in ADMIN_EMAILS until it is verified', async () => {
    const squatter = await client.signUp('other-admin@example.com');
    const entry = await client.submit({ type: 'other', message: MESSAGE });
    const forbidden = {
      status: 'error',
      message: 'Only administrators can view feedback statistics',
    };
    expect(await client.call('GET', '/api/feedback/stats', { token: squatter.token })).toEqual({
      statusCode: 403,
      body: forbidden,
    });
    const read = await client.call('GET', `/api/feedback/${entry.id}`, { token: squatter.token });
    expect(read.statusCode).toBe(403);

    await client.verifyEmail(sink, 'other-admin@example.com');
    const stats = await client.call('GET', '/api/feedback/stats', { token: squatter.token });
    expect(stats.statusCode).toBe(200);
  });

  it('lets the author read, edit and delete their own feedback', async () => {
    const entry = await client.submit({ type: 'bug', message: MESSAGE }, ada.token);
    const read = await client.call('GET', `/api/feedback/${entry.id}`, { token: ada.token });
    expect(read.body.data.feedback).toMatchObject({ id: entry.id, message: MESSAGE });

    server.clock.advance(5000);
    const edited = await client.call('PUT', `/api/feedback/${entry.id}`, {
      token: ada.token,
      body: { type: 'suggestion', message: '  Please add dark mode to the download page.  ' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.body.data.feedback).toMatchObject({
      type: 'suggestion',
      message: 'Please add dark mode to the download page.',
      email: null,
      updatedAt: server.clock.now().toISOString(),
    });
    expect(edited.body.data.feedback.createdAt).not.toBe(edited.body.data.feedback.updatedAt);

    const deleted = await client.call('DELETE', `/api/feedback/${entry.id}`, { token: ada.token });
    expect(deleted).toEqual({
      statusCode: 200,
      body: { status: 'success', data: { deleted: true } },
    });
    const gone = await client.call('GET', `/api/feedback/${entry.id}`, { token: ada.token });
    expect(gone).toEqual({
      statusCode: 404,
      body: { status: 'error', message: 'Feedback not found' },
    });
  });

  it('keeps fields a PUT leaves out, clears the email with an empty one, and applies the same rules', async () => {
    const entry = await client.submit(
      { type: 'bug', message: MESSAGE, email: 'ada@example.com' },
      ada.token,
    );
    const url = `/api/feedback/${entry.id}`;
    const typeOnly = await client.call('PUT', url, { token: ada.token, body: { type: 'other' } });
    expect(typeOnly.body.data.feedback).toMatchObject({
      type: 'other',
      message: MESSAGE,
      email: 'ada@example.com',
    });
    const cleared = await client.call('PUT', url, { token: ada.token, body: { email: '' } });
    expect(cleared.body.data.feedback.email).toBeNull();

    for (const [body, message] of [
      [{ message: 'short' }, 'Please provide more detailed feedback (at least 10 characters)'],
      [{ message: '' }, 'Feedback message is required'],
      [{ email: 'a@b' }, 'Please enter a valid email address'],
      [{ type: 'praise' }, 'Feedback type must be bug, suggestion or other'],
    ] as const) {
      const refused = await client.call('PUT', url, { token: ada.token, body });
      expect(refused).toEqual({ statusCode: 400, body: { status: 'error', message } });
    }
    const unchanged = await client.call('GET', url, { token: ada.token });
    expect(unchanged.body.data.feedback).toMatchObject({ type: 'other', message: MESSAGE });
  });

  it("refuses another user's feedback with 403 on read, edit and delete", async () => {
    const entry = await client.submit({ type: 'bug', message: MESSAGE }, ada.token);
    const url = `/api/feedback/${entry.id}`;
    const forbidden = {
      statusCode: 403,
      body: { status: 'error', message: 'You can only view or change your own feedback' },
    };
    expect(await client.call('GET', url, { token: bob.token })).toEqual(forbidden);
    expect(
      await client.call('PUT', url, { token: bob.token, body: { message: `${MESSAGE} (edited)` } }),
    ).toEqual(forbidden);
    expect(await client.call('DELETE', url, { token: bob.token })).toEqual(forbidden);
    const still = await client.call('GET', url, { token: ada.token });
    expect(still.body.data.feedback.message).toBe(MESSAGE);
  });

  it('leaves anonymous feedback to admins only', async () => {
    const entry = await client.submit({ type: 'other', message: MESSAGE });
    const url = `/api/feedback/${entry.id}`;
    expect((await client.call('GET', url, { token: ada.token })).statusCode).toBe(403);
    expect((await client.call('GET', url)).statusCode).toBe(401);
    const asAdmin = await client.call('GET', url, { token: admin.token });
    expect(asAdmin.body.data.feedback).toMatchObject({ id: entry.id, userId: null });
    expect((await client.call('DELETE', url, { token: admin.token })).statusCode).toBe(200);
  });

  it("lets an admin read, edit and delete anyone's feedback", async () => {
    const entry = await client.submit({ type: 'bug', message: MESSAGE }, ada.token);
    const url = `/api/feedback/${entry.id}`;
    expect((await client.call('GET', url, { token: admin.token })).statusCode).toBe(200);
    const edited = await client.call('PUT', url, { token: admin.token, body: { type: 'other' } });
    expect(edited.body.data.feedback).toMatchObject({ type: 'other', userId: ada.id });
    expect((await client.call('DELETE', url, { token: admin.token })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 401 without a token', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const unknown = await client.call(method, '/api/feedback/no-such-id', {
        token: ada.token,
        ...(method === 'PUT' ? { body: { message: MESSAGE } } : {}),
      });
      expect(unknown).toEqual({
        statusCode: 404,
        body: { status: 'error', message: 'Feedback not found' },
      });
      expect((await client.call(method, '/api/feedback/no-such-id')).statusCode).toBe(401);
    }
  });

  it('gives admins the totals by type and for the last 7 and 30 days', async () => {
    await client.submit({ type: 'bug', message: MESSAGE }, ada.token);
    server.clock.advance(10 * DAY_MS);
    await client.submit({ type: 'suggestion', message: MESSAGE });
    await client.submit({ type: 'suggestion', message: MESSAGE }, bob.token);
    server.clock.advance(5 * DAY_MS);
    await client.submit({ type: 'other', message: MESSAGE });
    server.clock.advance(20 * DAY_MS);

    // Now: the bug is 35 days old, the suggestions 25, the other one 20.
    const token = await client.signIn(ADMIN_EMAIL);
    const stats = await client.call('GET', '/api/feedback/stats', { token });
    expect(stats).toEqual({
      statusCode: 200,
      body: {
        status: 'success',
        data: {
          total: 4,
          byType: { bug: 1, suggestion: 2, other: 1 },
          last7Days: 0,
          last30Days: 3,
        },
      },
    });
    server.clock.advance(-15 * DAY_MS);
    const earlier = await client.call('GET', '/api/feedback/stats', {
      token: await client.signIn(ADMIN_EMAIL),
    });
    expect(earlier.body.data).toMatchObject({ last7Days: 1, last30Days: 4 });
  });

  it('refuses the stats to a user who is not an admin, and to a guest', async () => {
    expect(await client.call('GET', '/api/feedback/stats', { token: ada.token })).toEqual({
      statusCode: 403,
      body: { status: 'error', message: 'Only administrators can view feedback statistics' },
    });
    expect((await client.call('GET', '/api/feedback/stats')).statusCode).toBe(401);
  });

  it('counts zero of every type when there is no feedback', async () => {
    const stats = await client.call('GET', '/api/feedback/stats', { token: admin.token });
    expect(stats.body.data).toEqual({
      total: 0,
      byType: { bug: 0, suggestion: 0, other: 0 },
      last7Days: 0,
      last30Days: 0,
    });
  });
});
