/**
 * Counting downloads of a limited link cannot be raced or shared: the "already counted?" check and
 * the count are one atomic step on both databases, and the visitor cookie that makes a retry free
 * is issued and signed by the server and honoured only from the address it was counted for.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { uploadFile } from '../../testing/upload-helpers';
import { visitorClient } from '../../testing/visitor-client';

const statuses = (responses: { statusCode: number }[]) =>
  responses.map((response) => response.statusCode);
const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

describeEachDatabase('download counting', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  it('serves exactly five of twenty visitors racing for a link limited to five downloads', async () => {
    const { plan } = await uploadFile(server, { size: 100, downloadLimit: 5 });
    const visitors = Array.from({ length: 20 }, (_, i) =>
      visitorClient(server, { address: `198.51.100.${i + 1}` }),
    );
    const codes = statuses(await Promise.all(visitors.map((v) => v.download(plan.slug))));
    expect(count(codes, 302)).toBe(5);
    expect(count(codes, 404)).toBe(15);
    const row = await server.db
      .selectFrom('files')
      .select('download_count')
      .where('id', '=', plan.slug)
      .executeTakeFirstOrThrow();
    expect(row.download_count).toBe(5);
  });

  it("spends one download for one visitor's twenty parallel requests", async () => {
    const { plan: other } = await uploadFile(server, { size: 100 });
    const { plan } = await uploadFile(server, { size: 100, downloadLimit: 5 });
    const visitor = visitorClient(server);
    // The cookie comes from another link, so none of the twenty is a known retry of this one.
    expect((await visitor.download(other.slug)).statusCode).toBe(302);
    const codes = statuses(
      await Promise.all(Array.from({ length: 20 }, () => visitor.download(plan.slug))),
    );
    expect(codes).toEqual(Array(20).fill(302));
    expect((await visitor.info(plan.slug)).json().data.downloadsLeft).toBe(4);
  });

  it('refuses a shared visitor cookie from other addresses once the link is spent', async () => {
    const { plan } = await uploadFile(server, { size: 100, downloadLimit: 1 });
    const first = visitorClient(server, { address: '203.0.113.7' });
    expect((await first.download(plan.slug)).statusCode).toBe(302);
    const sharers = Array.from({ length: 20 }, (_, i) => {
      const sharer = visitorClient(server, { address: `192.0.2.${i + 10}` });
      sharer.cookie = first.cookie;
      return sharer;
    });
    const codes = statuses(await Promise.all(sharers.map((s) => s.download(plan.slug))));
    expect(codes).toEqual(Array(20).fill(404));
    // The browser it was given to may still retry, from its own address.
    expect((await first.download(plan.slug)).statusCode).toBe(302);
  });

  it('counts an IPv6 /64 as one address for retries', async () => {
    const { plan } = await uploadFile(server, { size: 100, downloadLimit: 1 });
    const phone = visitorClient(server, { address: '2001:db8:1:2::10' });
    expect((await phone.download(plan.slug)).statusCode).toBe(302);
    phone.moveTo('2001:db8:1:2:abcd::99');
    expect((await phone.download(plan.slug)).statusCode).toBe(302);
    phone.moveTo('2001:db8:1:3::10');
    expect((await phone.download(plan.slug)).statusCode).toBe(404);
  });

  it('replaces a visitor cookie the server did not sign, and counts its holder as a new visitor', async () => {
    const { plan } = await uploadFile(server, { size: 100, downloadLimit: 2 });
    const first = visitorClient(server);
    await first.download(plan.slug);
    const issued = String(first.cookie);
    expect(issued).toMatch(/^sealdrop_visitor=[\w-]{43}\.[\w-]{43}$/);

    const forger = visitorClient(server);
    for (const forged of [
      `sealdrop_visitor=${'A'.repeat(43)}`,
      `${issued.slice(0, -1)}${issued.endsWith('A') ? 'B' : 'A'}`,
    ]) {
      forger.cookie = forged;
      const response = await forger.download(plan.slug);
      expect(forger.cookie, forged).not.toBe(forged);
      expect(response.statusCode === 302 || response.statusCode === 404).toBe(true);
    }
    // Two made-up cookies were two new visitors: the limit of two is spent by the first of them.
    const left = await visitorClient(server).info(plan.slug);
    expect(left.statusCode).toBe(404);
  });
});
