/**
 * Wallet link in a real browser: an injected wallet-standard "Phantom" signs the server's
 * Sign-In-With-Solana message, the account is linked, balances come from a local JSON-RPC
 * stand-in (litesvm), and 12,000 tokens make the account Elite and premium. The page talks to
 * its own origin only.
 */
import { GiB } from '@sealdrop/core/limits';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fileSha256, randomFile } from './support/files';
import { createKeypair, injectPhantom, type TestKeypair } from './support/injected-wallet';
import { signUpAndConnectPhantom, TOKEN, walletAppInBrowser } from './support/wallet-app';

describe('wallet link in Chromium', () => {
  // Loopback is the proxy: a browser given an X-Forwarded-For header is another visitor.
  const app = walletAppInBrowser({ TRUST_PROXY: '127.0.0.1/32' });

  async function signUpAndLink(keypair: TestKeypair) {
    const context = await app.browser.newContext();
    await injectPhantom(context, keypair);
    const page = await context.newPage();
    const origins = new Set<string>();
    const cspViolations: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('data:')) origins.add(new URL(request.url()).origin);
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(app.server.origin);
    const bar = await signUpAndConnectPhantom(page, 'wallet');
    const short = `${keypair.address.slice(0, 4)}...${keypair.address.slice(-4)}`;
    const walletButton = bar.getByRole('button', { name: `Wallet ${short}` });
    await walletButton.waitFor({ timeout: 30_000 });
    await walletButton.click();
    return { context, page, bar, origins, cspViolations };
  }

  async function presign(page: Page, size: number) {
    return page.evaluate(async (bytes) => {
      const response = await fetch('/api/upload/presign', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('authToken')}`,
        },
        body: JSON.stringify({
          // Sealed metadata stands in for a name (the server never opens it).
          encryptedMetadata: 'A'.repeat(380),
          size: bytes,
          isEncrypted: true,
        }),
      });
      return { status: response.status, body: await response.json() };
    }, size);
  }

  it('tells a guest that a wallet is linked to an account, and its Log In opens the login dialog', async () => {
    const page = await app.browser.newPage();
    await page.goto(app.server.origin);
    const bar = page.getByRole('banner');
    await bar.getByRole('button', { name: 'Connect Wallet' }).click();
    const panel = bar.locator('.sd-wallet__panel');
    await panel.getByText('A wallet is linked to an account. Log in to link yours.').waitFor();
    await panel.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('dialog', { name: 'Log In' }).waitFor();
    expect(await panel.isVisible()).toBe(false);
    await page.close();
  });

  it('links a 12,000-token wallet by signature: Elite, premium, 100GB uploads', async () => {
    const keypair = createKeypair();
    await app.rpc.chain.giveTokens(keypair.address, 12_000n * TOKEN);
    app.rpc.chain.giveSol(keypair.address, 1_500_000_000n);
    const { context, page, bar, origins, cspViolations } = await signUpAndLink(keypair);

    const panel = bar.locator('.sd-wallet__panel');
    await panel.getByText('12,000', { exact: true }).waitFor();
    await panel.getByText('1.5000', { exact: true }).waitFor();
    await panel.getByText('$30.00', { exact: true }).waitFor();
    await panel.getByText('Elite').waitFor();
    await panel.getByText('Premium active').waitFor();
    // TOKEN_EXPLORER_URL is left at its default (Solscan's token page): the address opens there.
    expect(await panel.getByRole('link', { name: /View on explorer/ }).getAttribute('href')).toBe(
      `https://solscan.io/account/${keypair.address}`,
    );

    await page.getByText('All features active!').waitFor();
    await page.getByText(/100GB/).first().waitFor();
    const big = await presign(page, 50 * GiB);
    expect(big.status).toBe(200);

    // Chain and price data came through our own API: the page asked no other origin.
    expect([...origins]).toEqual([app.server.origin]);
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it('keeps a 500-token wallet on the free limits', async () => {
    const keypair = createKeypair();
    await app.rpc.chain.giveTokens(keypair.address, 500n * TOKEN);
    const { context, page, bar } = await signUpAndLink(keypair);

    const panel = bar.locator('.sd-wallet__panel');
    await panel.getByText('500', { exact: true }).waitFor();
    await panel.getByText('Free', { exact: false }).first().waitFor();
    await panel.getByText('Not premium').waitFor();
    await page.getByText('Hold 10K+ token to go Pro').waitFor();
    const refused = await presign(page, 50 * GiB);
    expect(refused).toEqual({
      status: 413,
      body: { status: 'error', message: 'File size exceeds maximum allowed size of 5GB' },
    });

    // Disconnect unlinks on the server and brings the picker back.
    await panel.getByRole('button', { name: 'Disconnect' }).click();
    await bar.getByRole('button', { name: 'Connect Wallet' }).waitFor();
    await context.close();
  });

  it('earns the upload reward on the home page and a download reward from another visitor, shown on the balance page', async () => {
    const keypair = createKeypair();
    await app.rpc.chain.giveTokens(keypair.address, 500n * TOKEN);
    const { context, page } = await signUpAndLink(keypair);
    await page.keyboard.press('Escape');

    const file = randomFile('reward.bin', 1536 * 1024);
    await page.locator('input[type=file]').setInputFiles(file.path);
    await page.getByText('Earned 10 tokens for uploading!').waitFor({ timeout: 60_000 });
    const link = await page.getByLabel('Share link').inputValue();

    const visitor = await app.browser.newContext({
      acceptDownloads: true,
      extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.77' },
    });
    const download = await visitor.newPage();
    await download.goto(link);
    const saved = download.waitForEvent('download', { timeout: 60_000 });
    await download.getByRole('button', { name: 'Download & Decrypt File' }).click();
    expect(fileSha256(await (await saved).path())).toBe(file.sha256);
    await download.getByText('File decrypted and saved as reward.bin.').waitFor();

    await page.goto(`${app.server.origin}/account/balance`);
    const history = page.getByRole('region', { name: 'History' }).or(page.locator('.sd-balance'));
    await history.getByText('Download reward').waitFor({ timeout: 15_000 });
    await history.getByText('Upload reward').waitFor();
    await expect.poll(() => page.getByTestId('balance-value').textContent()).toBe('11');
    expect(await download.getByText('Failed to process download reward').count()).toBe(0);
    await visitor.close();
    await context.close();
  });
});
