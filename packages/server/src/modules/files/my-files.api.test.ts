import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { pathOf } from '../../testing/upload-helpers';

describeEachDatabase('my files and ownership', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  async function signUp(email: string): Promise<string> {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'Correct-Horse-9' },
    });
    return response.json().data.token;
  }
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  async function upload(token: string | null, name: string, size = 10) {
    const presign = await server.app.inject({
      method: 'POST',
      url: '/api/upload/presign',
      headers: token ? auth(token) : {},
      payload: { filename: name, size },
    });
    const plan = presign.json().data;
    if (!plan.uploadUrl) return plan;
    await server.app.inject({
      method: 'PUT',
      url: pathOf(plan.uploadUrl),
      payload: Buffer.alloc(size),
    });
    await server.app.inject({
      method: 'POST',
      url: '/api/upload/finalize',
      payload: { objectKey: plan.objectKey },
    });
    return plan;
  }

  it('lists only my uploads, newest first, paginated', async () => {
    const ada = await signUp('ada@example.com');
    const bob = await signUp('bob@example.com');
    await upload(ada, 'one.txt');
    server.clock.advance(1000);
    await upload(ada, 'two.txt');
    server.clock.advance(1000);
    await upload(ada, 'three.txt');
    await upload(bob, 'bobs.txt');
    await upload(null, 'guest.txt');
    const page1 = await server.app.inject({
      method: 'GET',
      url: '/api/files/my-files?page=1&limit=2',
      headers: auth(ada),
    });
    expect(page1.json().data).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(page1.json().data.items.map((f: { originalName: string }) => f.originalName)).toEqual([
      'three.txt',
      'two.txt',
    ]);
    const page2 = await server.app.inject({
      method: 'GET',
      url: '/api/files/my-files?page=2&limit=2',
      headers: auth(ada),
    });
    expect(page2.json().data.items.map((f: { originalName: string }) => f.originalName)).toEqual([
      'one.txt',
    ]);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/files/my-files' })).statusCode,
    ).toBe(401);
  });

  it('lets only the owner delete a file, and removes its object', async () => {
    const ada = await signUp('ada@example.com');
    const bob = await signUp('bob@example.com');
    const plan = await upload(ada, 'mine.txt');
    const notYours = await server.app.inject({
      method: 'DELETE',
      url: `/api/files/${plan.slug}`,
      headers: auth(bob),
    });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().message).toBe('You can only delete your own files');
    const guest = await server.app.inject({ method: 'DELETE', url: `/api/files/${plan.slug}` });
    expect(guest.statusCode).toBe(401);
    const mine = await server.app.inject({
      method: 'DELETE',
      url: `/api/files/${plan.slug}`,
      headers: auth(ada),
    });
    expect(mine.statusCode).toBe(200);
    expect(await server.storage.head(plan.objectKey)).toBeNull();
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/files/${plan.slug}/info` })).statusCode,
    ).toBe(404);
  });

  it('gives premium accounts 100GB and 30 days, and everyone else 5GB', async () => {
    const ada = await signUp('ada@example.com');
    const big = { filename: 'big.bin', size: 50 * 1024 ** 3 };
    const free = await server.app.inject({
      method: 'POST',
      url: '/api/upload/presign',
      headers: auth(ada),
      payload: big,
    });
    expect(free.json()).toEqual({
      status: 'error',
      message: 'File size exceeds maximum allowed size of 5GB',
    });
    await server.db
      .updateTable('users')
      .set({ tier: 'premium' })
      .where('email', '=', 'ada@example.com')
      .execute();
    const premium = await server.app.inject({
      method: 'POST',
      url: '/api/upload/presign',
      headers: auth(ada),
      payload: big,
    });
    expect(premium.statusCode).toBe(200);
    const days =
      (Date.parse(premium.json().data.expiresAt) - server.clock.now().getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30);
    expect(premium.json().data.concurrency).toBe(8);
    const tooBig = await server.app.inject({
      method: 'POST',
      url: '/api/upload/presign',
      headers: auth(ada),
      payload: { filename: 'x', size: 100 * 1024 ** 3 + 1 },
    });
    expect(tooBig.json().message).toBe('File size exceeds maximum allowed size of 100GB');
  });

  it('refuses an upload with an invalid token instead of treating it as a guest', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/upload/presign',
      headers: auth('nope'),
      payload: { filename: 'a', size: 1 },
    });
    expect(response.statusCode).toBe(401);
  });
});
