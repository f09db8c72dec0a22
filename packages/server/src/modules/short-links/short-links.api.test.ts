import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { api, presign, uploadFile } from '../../testing/upload-helpers';

describeEachDatabase('short links', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  const instant = () =>
    api<{ tinyUrl: string; shortCode: string; completeToken: string }>(
      server,
      'POST',
      '/api/tiny/instant',
      { originalName: 'a.txt' },
    );

  it('reserves an unguessable code that presign turns into the file slug', async () => {
    const { body } = await instant();
    const { shortCode, completeToken } = body.data;
    expect(shortCode).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(completeToken).toMatch(/^[\w-]{43}$/);
    expect(body.data.tinyUrl).toBe(`http://localhost:80/s/${shortCode}`);
    const { plan } = await uploadFile(server, { size: 20, shortCode, completeToken });
    expect(plan.slug).toBe(shortCode);
    const complete = await api(server, 'PUT', `/api/tiny/complete/${shortCode}`, {
      fileId: plan.slug,
      storageKey: plan.objectKey,
      originalName: 'a.txt',
      completeToken,
    });
    expect(complete.statusCode).toBe(200);
  });

  it('lets only the reserver complete a reserved code: a stranger who knows it cannot point it at their file', async () => {
    const { shortCode, completeToken } = (await instant()).body.data;
    const { plan: theirs } = await uploadFile(server, { size: 20 });
    const complete = (token?: string) =>
      api(server, 'PUT', `/api/tiny/complete/${shortCode}`, {
        fileId: theirs.slug,
        ...(token ? { completeToken: token } : {}),
      });
    expect((await complete()).statusCode).toBe(400);
    const wrong = await complete('x'.repeat(43));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body.message).toBe(
      'Only the browser that reserved this short link can complete it',
    );
    // Nor can the stranger take the code as their own upload's slug.
    const taken = await presign(server, { size: 1, shortCode, completeToken: 'y'.repeat(43) });
    expect(taken.statusCode).toBe(403);
    expect((await presign(server, { size: 1, shortCode })).statusCode).toBe(403);
    expect((await api(server, 'GET', `/api/s/${shortCode}`)).statusCode).toBe(404);
    // The reserver still can.
    const { plan } = await uploadFile(server, { size: 20, shortCode, completeToken });
    expect(plan.slug).toBe(shortCode);
  });

  it('completes a code only as a check: the code must already point at the file presign gave it to', async () => {
    const { shortCode, completeToken } = (await instant()).body.data;
    const { plan: other } = await uploadFile(server, { size: 20 });
    const complete = (fileId: string) =>
      api(server, 'PUT', `/api/tiny/complete/${shortCode}`, { fileId, completeToken });
    // A reservation no upload took points nowhere, and completing cannot point it at a file.
    const refused = await complete(other.slug);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe(
      'This short code does not point to this file: send it with the upload instead',
    );
    expect((await api(server, 'GET', `/api/s/${shortCode}`)).statusCode).toBe(404);

    const { plan } = await uploadFile(server, { size: 20, shortCode, completeToken });
    expect((await complete(other.slug)).statusCode).toBe(409);
    const done = await complete(plan.slug);
    expect(done.body).toEqual({ status: 'success', data: { shortCode, fileId: plan.slug } });
    const resolved = await api(server, 'GET', `/api/s/${shortCode}`);
    expect(resolved.body.data).toEqual({
      fileId: plan.slug,
      downloadUrl: `/download/${plan.slug}`,
    });
  });

  it('refuses a reserved code twice, and a code nobody reserved', async () => {
    const { body } = await instant();
    const { shortCode, completeToken } = body.data;
    expect((await presign(server, { size: 1, shortCode, completeToken })).statusCode).toBe(200);
    const again = await presign(server, { size: 1, shortCode, completeToken });
    expect(again.statusCode).toBe(409);
    const unknown = await presign(server, { size: 1, shortCode: 'ZZZZZZZZZZZZ' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe('Unknown or expired short code');
  });

  it('resolves /api/s/:code to the download page and counts the visit in analytics', async () => {
    const { plan } = await uploadFile(server, { size: 20 });
    const resolved = await api(server, 'GET', `/api/s/${plan.slug}`);
    expect(resolved.body).toEqual({
      status: 'success',
      data: { fileId: plan.slug, downloadUrl: `/download/${plan.slug}` },
    });
    await api(server, 'GET', `/api/s/${plan.slug}`);
    const analytics = await api<{ clicks: number; lastAccessAt: string }>(
      server,
      'GET',
      `/api/tiny/analytics/${plan.slug}`,
    );
    expect(analytics.body.data.clicks).toBe(2);
    expect(analytics.body.data.lastAccessAt).not.toBeNull();
    const bySlug = await api(server, 'GET', `/api/files/resolve?slug=${plan.slug}`);
    expect(bySlug.body.data).toEqual({ fileId: plan.slug, downloadUrl: `/download/${plan.slug}` });
  });

  it('answers 404 with a message for a code that does not exist', async () => {
    const response = await api(server, 'GET', '/api/s/abcdefghij12');
    expect(response.statusCode).toBe(404);
    expect(response.body).toEqual({ status: 'error', message: 'File not found or has expired.' });
  });

  it('refuses an expired file on every read path at once, before any sweep', async () => {
    const { plan } = await uploadFile(server, { size: 20 });
    server.clock.advance(24 * 60 * 60 * 1000 + 1);
    for (const url of [
      `/api/files/${plan.slug}/info`,
      `/api/files/${plan.slug}/download`,
      `/api/files/resolve?slug=${plan.slug}`,
      `/api/s/${plan.slug}`,
    ]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().status).toBe('error');
    }
  });
});
