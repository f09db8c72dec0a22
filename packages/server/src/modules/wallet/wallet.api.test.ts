import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import type { SolanaRpcStandin } from '../../testing/solana-rpc-standin';
import type { TestServer } from '../../testing/test-server';
import { createTestWallet } from '../../testing/test-wallet';
import { TOKEN } from './wallet.test-client';
import { type WalletTestServer, walletServerPerTest } from './wallet.test-server';

describeEachDatabase('wallet link API', (createDatabase) => {
  let rpc: SolanaRpcStandin;
  let server: TestServer;
  let client: WalletTestServer['client'];
  walletServerPerTest(createDatabase, (started) => {
    ({ rpc, server, client } = started);
  });

  it('issues a Sign-In-With-Solana message bound to the site, the address and a fresh nonce', async () => {
    const token = await client.signUp('ada@example.com');
    const wallet = createTestWallet();
    const { message, nonce, expiresAt } = await client.requestNonce(token, wallet.address);
    expect(nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
    const issuedAt = /Issued At: (.+)/.exec(message)?.[1] ?? '';
    expect(message).toBe(
      `localhost wants you to sign in with your Solana account:\n${wallet.address}\n\n` +
        'Link this wallet to your Sealdrop account.\n\n' +
        `URI: http://localhost:80\nVersion: 1\nChain ID: mainnet\nNonce: ${nonce}\n` +
        `Issued At: ${issuedAt}\nExpiration Time: ${expiresAt}`,
    );
    expect(Date.parse(expiresAt) - Date.parse(issuedAt)).toBe(10 * 60 * 1000);
    const again = await client.requestNonce(token, wallet.address);
    expect(again.nonce).not.toBe(nonce);
  });

  it('links a wallet whose owner signed the message and reports its balance and premium status', async () => {
    const token = await client.signUp('ada@example.com');
    const wallet = createTestWallet();
    await rpc.chain.giveTokens(wallet.address, 12_000n * TOKEN);
    const linked = await client.link(token, wallet);
    expect(linked.statusCode).toBe(200);
    expect(linked.body).toEqual({
      status: 'success',
      data: {
        walletAddress: wallet.address,
        balance: 12_000,
        tier: 'Elite',
        isPremium: true,
        message: 'Wallet connected successfully',
      },
    });
    const me = await client.call('GET', '/api/auth/me', { token });
    expect(me.body.data.user).toMatchObject({ solanaWallet: wallet.address, isPremium: true });
  });

  it('refuses a null signature, a signature by another key and a message for another wallet', async () => {
    const token = await client.signUp('ada@example.com');
    const wallet = createTestWallet();
    const { message } = await client.requestNonce(token, wallet.address);
    const connect = (body: object) => client.call('POST', '/api/solana/connect', { token, body });

    const unsigned = await connect({ walletAddress: wallet.address, signature: null, message });
    expect(unsigned).toEqual({
      statusCode: 400,
      body: { status: 'error', message: 'signature: is required' },
    });
    const forged = createTestWallet().sign(message);
    const wrongKey = await connect({ walletAddress: wallet.address, signature: forged, message });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.body.message).toBe('The wallet signature is invalid');
    const garbage = await connect({ walletAddress: wallet.address, signature: '0OIl', message });
    expect(garbage.body.message).toBe('The wallet signature is invalid');
    const other = createTestWallet();
    const otherAddress = await connect({
      walletAddress: other.address,
      signature: other.sign(message),
      message,
    });
    expect(otherAddress.body.message).toBe(
      'The sign-in message does not match this request (address)',
    );

    // Failed attempts do not use up the request: its rightful signature still links.
    const signed = { walletAddress: wallet.address, signature: wallet.sign(message), message };
    expect((await connect(signed)).statusCode).toBe(200);
  });

  it('refuses a replayed message and an expired one', async () => {
    const token = await client.signUp('ada@example.com');
    const { wallet, statusCode } = await client.link(token);
    expect(statusCode).toBe(200);
    const { message } = await client.requestNonce(token, wallet.address);
    const body = { walletAddress: wallet.address, signature: wallet.sign(message), message };
    expect((await client.call('POST', '/api/solana/connect', { token, body })).statusCode).toBe(
      200,
    );
    const replay = await client.call('POST', '/api/solana/connect', { token, body });
    expect(replay).toEqual({
      statusCode: 400,
      body: {
        status: 'error',
        message: 'This sign-in request is unknown or was already used. Please try again.',
      },
    });

    const late = await client.requestNonce(token, wallet.address);
    server.clock.advance(10 * 60 * 1000 + 1);
    const expired = await client.call('POST', '/api/solana/connect', {
      token,
      body: {
        walletAddress: wallet.address,
        signature: wallet.sign(late.message),
        message: late.message,
      },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.body.message).toBe('This sign-in request has expired. Please try again.');
  });

  it("refuses another account's message, which stays usable by its own account", async () => {
    const ada = await client.signUp('ada@example.com');
    const eve = await client.signUp('eve@example.com');
    const wallet = createTestWallet();
    const { message } = await client.requestNonce(ada, wallet.address);
    const body = { walletAddress: wallet.address, signature: wallet.sign(message), message };
    const stolen = await client.call('POST', '/api/solana/connect', { token: eve, body });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.body.message).toMatch(/unknown or was already used/);
    expect(
      (await client.call('POST', '/api/solana/connect', { token: ada, body })).statusCode,
    ).toBe(200);
  });

  it('refuses a message issued for another site', async () => {
    const token = await client.signUp('ada@example.com');
    const wallet = createTestWallet();
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/solana/nonce?walletAddress=${wallet.address}`,
      headers: { authorization: `Bearer ${token}`, host: 'phish.example' },
    });
    const { message } = response.json().data;
    const connected = await client.call('POST', '/api/solana/connect', {
      token,
      body: { walletAddress: wallet.address, signature: wallet.sign(message), message },
    });
    expect(connected.body.message).toBe('The sign-in message does not match this request (domain)');
  });

  it('links one wallet to one account at a time; an unlinked wallet backs no other account for 30 days', async () => {
    const ada = await client.signUp('ada@example.com');
    const bob = await client.signUp('bob@example.com');
    const { wallet } = await client.link(ada);
    const taken = await client.link(bob, wallet);
    expect(taken).toMatchObject({
      statusCode: 409,
      body: { status: 'error', message: 'This wallet is already linked to another account' },
    });
    expect((await client.call('POST', '/api/solana/disconnect', { token: ada })).statusCode).toBe(
      200,
    );
    const me = await client.call('GET', '/api/auth/me', { token: ada });
    expect(me.body.data.user.solanaWallet).toBeNull();
    // The review's attack: link, use premium, unlink, next account. The wallet waits a period.
    const freeOn = new Date(server.clock.now().getTime() + 30 * 24 * 60 * 60 * 1000);
    expect(await client.link(bob, wallet)).toMatchObject({
      statusCode: 409,
      body: {
        status: 'error',
        message: `This wallet was unlinked from another account less than 30 days ago. It can be linked to a new account from ${freeOn.toISOString().slice(0, 10)}.`,
      },
    });
    // Its own account may take it back at once.
    expect((await client.link(ada, wallet)).statusCode).toBe(200);
    // Replacing it with another wallet unlinks it too.
    expect((await client.link(ada)).statusCode).toBe(200);
    // Sessions last a week: sign Bob in again after each jump of the clock.
    const signIn = async () =>
      (
        await client.call('POST', '/api/auth/login', {
          body: { email: 'bob@example.com', password: 'Correct-Horse-9' },
        })
      ).body.data.token as string;
    server.clock.advance(29 * 24 * 60 * 60 * 1000);
    expect((await client.link(await signIn(), wallet)).statusCode).toBe(409);
    server.clock.advance(1 * 24 * 60 * 60 * 1000 + 1000);
    expect((await client.link(await signIn(), wallet)).statusCode).toBe(200);
  });

  it('requires a signed-in user for nonce, connect, disconnect and balance', async () => {
    const wallet = createTestWallet();
    const calls = [
      client.call('GET', `/api/solana/nonce?walletAddress=${wallet.address}`),
      client.call('POST', '/api/solana/connect', { body: {} }),
      client.call('POST', '/api/solana/disconnect'),
      client.call('GET', '/api/solana/balance'),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(401);
  });
});
