/** Helpers shared by the wallet API tests: calls with a token, accounts, linking, owned uploads. */
import { expect } from 'vitest';
import type { TestServer } from '../../testing/test-server';
import { createTestWallet, type TestWallet } from '../../testing/test-wallet';
import { putBytes } from '../../testing/upload-helpers';

const PASSWORD = 'Correct-Horse-9';
export const TOKEN = 10n ** 6n;

/** Server settings that point the wallet feature at the loopback stand-ins. */
export function walletEnv(rpc: { url: string; mint: string }, market: { url: string }) {
  return {
    SOLANA_RPC_URL: rpc.url,
    TOKEN_MINT: rpc.mint,
    MARKET_DATA_URL: market.url,
    SOLANA_RPC_TIMEOUT_MS: '300',
    RATE_LIMIT_ENABLED: 'false',
  };
}

export function walletClient(server: TestServer) {
  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { token?: string; body?: unknown; ip?: string } = {},
  ) {
    const response = await server.app.inject({
      method,
      url,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    return { statusCode: response.statusCode, body: response.json() };
  }

  async function signUp(email: string): Promise<string> {
    const { body } = await call('POST', '/api/auth/register', {
      body: { email, password: PASSWORD },
    });
    return body.data.token;
  }

  async function requestNonce(token: string, walletAddress: string) {
    const response = await call('GET', `/api/solana/nonce?walletAddress=${walletAddress}`, {
      token,
    });
    expect(response.statusCode).toBe(200);
    return response.body.data as { message: string; nonce: string; expiresAt: string };
  }

  /** The whole proof of ownership: nonce, sign, connect. Returns the connect response. */
  async function link(token: string, wallet: TestWallet = createTestWallet()) {
    const { message } = await requestNonce(token, wallet.address);
    const response = await call('POST', '/api/solana/connect', {
      token,
      body: { walletAddress: wallet.address, signature: wallet.sign(message), message },
    });
    return { ...response, wallet };
  }

  /** A real upload by a signed-in user: presign with the token, PUT, finalize. Returns the file id. */
  async function uploadOwnedFile(token: string, size = 1000): Promise<string> {
    const presigned = await call('POST', '/api/upload/presign', {
      token,
      body: {
        filename: 'a.bin',
        contentType: 'application/octet-stream',
        size,
        isEncrypted: false,
      },
    });
    expect(presigned.statusCode).toBe(200);
    const plan = presigned.body.data;
    const put = await putBytes(server, plan.uploadUrl, Buffer.alloc(size, 7));
    expect(put.statusCode).toBe(200);
    const finalized = await call('POST', '/api/upload/finalize', {
      body: { objectKey: plan.objectKey, slug: plan.slug },
    });
    expect(finalized.statusCode).toBe(200);
    return plan.slug;
  }

  /** Asks for a file's download URL as a visitor does: the grant a download reward needs. */
  async function download(fileId: string, options: { token?: string; ip?: string } = {}) {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/download`,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });
    expect(response.statusCode).toBe(302);
  }

  return { call, signUp, requestNonce, link, uploadOwnedFile, download };
}
