import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteTestDatabase } from '../../testing/databases';
import { createTestServer, type TestServer } from '../../testing/test-server';

describe('GET /api/config', () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  async function config(env: Record<string, string> = {}) {
    server = await createTestServer({ database: await createSqliteTestDatabase(), env });
    const response = await server.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }

  it('names the block explorer of TOKEN_EXPLORER_URL, Solscan by default', async () => {
    expect((await config()).tokenExplorerUrl).toBe('https://solscan.io/token/{mint}');
  });

  it('follows a configured explorer, network included', async () => {
    const template = 'https://explorer.solana.com/address/{mint}?cluster=devnet';
    expect((await config({ TOKEN_EXPLORER_URL: template })).tokenExplorerUrl).toBe(template);
  });

  it('names the operator, the abuse address and the report reasons, null until configured', async () => {
    expect(await config()).toMatchObject({
      abuseEmail: null,
      operatorName: null,
      reportReasons: ['malware', 'illegal', 'copyright', 'spam', 'other'],
    });
    expect(
      await config({ ABUSE_EMAIL: 'abuse@files.example', OPERATOR_NAME: 'Example Files Ltd' }),
    ).toMatchObject({ abuseEmail: 'abuse@files.example', operatorName: 'Example Files Ltd' });
  });

  it('shows the limits the web app needs', async () => {
    expect(await config()).toMatchObject({
      maxUploadBytes: { guest: 5 * 1024 ** 3, free: 5 * 1024 ** 3, premium: 100 * 1024 ** 3 },
      retentionHours: 24,
      premiumRetentionDays: 30,
    });
  });
});
