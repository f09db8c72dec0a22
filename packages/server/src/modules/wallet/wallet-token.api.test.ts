import { GiB } from '@sealdrop/core/limits';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { dexPair, type MarketDataStandin } from '../../testing/market-data-standin';
import { type SolanaRpcStandin, startSolanaRpcStandin } from '../../testing/solana-rpc-standin';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { createTestWallet } from '../../testing/test-wallet';
import { standInMetadata } from '../../testing/upload-helpers';
import { TOKEN, walletClient, walletEnv } from './wallet.test-client';
import { type WalletTestServer, walletServerPerTest } from './wallet.test-server';

const presignBody = (size: number) => ({
  encryptedMetadata: standInMetadata(),
  size,
  isEncrypted: true,
});

describeEachDatabase('wallet balances and token info', (createDatabase) => {
  let rpc: SolanaRpcStandin;
  let market: MarketDataStandin;
  let server: TestServer;
  let client: WalletTestServer['client'];
  let startServer: WalletTestServer['startServer'];
  walletServerPerTest(createDatabase, (started) => {
    ({ rpc, market, server, client, startServer } = started);
    // A test that takes the RPC down leaves it down for the suite's next test otherwise.
    rpc.setMode('ok');
  });

  it('reads SOL and the token summed over every token account, and names the tier', async () => {
    const token = await client.signUp('ada@example.com');
    const wallet = createTestWallet();
    await rpc.chain.giveTokens(wallet.address, 1_000n * TOKEN);
    await rpc.chain.giveTokens(wallet.address, 500_500_000n);
    rpc.chain.giveSol(wallet.address, 1_500_000_000n);
    await client.link(token, wallet);
    const balance = await client.call('GET', '/api/solana/balance', { token });
    expect(balance.body).toEqual({
      status: 'success',
      data: {
        walletAddress: wallet.address,
        tokenBalance: 1500.5,
        tokenBalanceRaw: '1500500000',
        solBalance: 1.5,
        decimals: 6,
        tier: 'Basic',
        isPremium: false,
      },
    });
  });

  it('counts a wallet without token accounts as 0 tokens, and refuses one that is not linked', async () => {
    const token = await client.signUp('ada@example.com');
    const unlinked = await client.call('GET', '/api/solana/balance', { token });
    expect(unlinked).toEqual({
      statusCode: 400,
      body: { status: 'error', message: 'Wallet not connected' },
    });
    await client.link(token);
    const balance = await client.call('GET', '/api/solana/balance', { token });
    expect(balance.body.data).toMatchObject({
      tokenBalance: 0,
      tokenBalanceRaw: '0',
      tier: 'Free',
    });
  });

  it('lets a 12,000-token holder presign 50 GiB and refuses 500 tokens with the 5GB message', async () => {
    const elite = await client.signUp('elite@example.com');
    const rich = createTestWallet();
    await rpc.chain.giveTokens(rich.address, 12_000n * TOKEN);
    await client.link(elite, rich);
    const balance = await client.call('GET', '/api/solana/balance', { token: elite });
    expect(balance.body.data).toMatchObject({ tier: 'Elite', isPremium: true });
    const big = await client.call('POST', '/api/upload/presign', {
      token: elite,
      body: presignBody(50 * GiB),
    });
    expect(big.statusCode).toBe(200);
    expect(big.body.data.concurrency).toBe(8);
    expect(Date.parse(big.body.data.expiresAt) - server.clock.now().getTime()).toBe(
      30 * 24 * 60 * 60 * 1000,
    );

    const small = await client.signUp('small@example.com');
    const poor = createTestWallet();
    await rpc.chain.giveTokens(poor.address, 500n * TOKEN);
    await client.link(small, poor);
    const refused = await client.call('POST', '/api/upload/presign', {
      token: small,
      body: presignBody(50 * GiB),
    });
    expect(refused).toEqual({
      statusCode: 413,
      body: { status: 'error', message: 'File size exceeds maximum allowed size of 5GB' },
    });
  });

  it('serves token info with on-chain decimals and supply and the price of the first Solana pair for the mint', async () => {
    const mint = rpc.mint;
    market.setPairs([
      dexPair({ chainId: 'ethereum', baseToken: mint, priceUsd: '9.99', marketCap: 1 }),
      dexPair({ baseToken: 'So11111111111111111111111111111111111111112', priceUsd: '150' }),
      dexPair({ baseToken: mint, priceUsd: '0.0123', fdv: 1_234_567 }),
      dexPair({ baseToken: mint, priceUsd: '7', marketCap: 7 }),
    ]);
    const supply = rpc.chain.mintInfo(mint)?.supply ?? 0n;
    const info = await client.call('GET', '/api/solana/token-info');
    expect(info.body).toEqual({
      status: 'success',
      data: {
        mintAddress: mint,
        symbol: 'SEAL',
        name: 'Sealdrop Token',
        decimals: 6,
        supply: Number(supply) / 1e6,
        price: 0.0123,
        marketCap: 1_234_567,
        pumpFunUrl: `https://pump.fun/coin/${mint}`,
        launchUrl: `https://pump.fun/coin/${mint}`,
        marketUrl: `https://dexscreener.com/solana/${mint}`,
        explorerUrl: `https://solscan.io/token/${mint}`,
      },
    });
  });

  it('answers a null price and market cap when the market has no pairs or is down', async () => {
    market.setPairs(null);
    const info = await client.call('GET', '/api/solana/token-info');
    expect(info.body.data).toMatchObject({ price: null, marketCap: null, decimals: 6 });
    market.setStatus(502);
    server.clock.advance(31_000);
    const down = await client.call('GET', '/api/solana/token-info');
    expect(down.statusCode).toBe(200);
    expect(down.body.data.price).toBeNull();
  });

  it('caches the price for 30 seconds', async () => {
    market.setPairs([dexPair({ baseToken: rpc.mint, priceUsd: '1', marketCap: 10 })]);
    expect((await client.call('GET', '/api/solana/token-info')).body.data.price).toBe(1);
    market.setPairs([dexPair({ baseToken: rpc.mint, priceUsd: '2', marketCap: 20 })]);
    expect((await client.call('GET', '/api/solana/token-info')).body.data.price).toBe(1);
    server.clock.advance(30_001);
    expect((await client.call('GET', '/api/solana/token-info')).body.data.price).toBe(2);
  });

  it('says "Token not configured" without calling the RPC when the mint is unset or all ones', async () => {
    for (const mint of [undefined, '11111111111111111111111111111111']) {
      const { server: bare, client: bareClient } = await startServer({ TOKEN_MINT: mint ?? '' });
      const callsBefore = rpc.calls.length;
      const token = await bareClient.signUp('ada@example.com');
      expect((await bareClient.link(token)).body.data).toMatchObject({ balance: 0, tier: 'Free' });
      for (const url of ['/api/solana/token-info', '/api/solana/balance']) {
        const response = await bareClient.call('GET', url, { token });
        expect(response).toEqual({
          statusCode: 404,
          body: { status: 'error', message: 'Token not configured' },
        });
      }
      const config = await bareClient.call('GET', '/api/config');
      expect(config.body.data.tokenConfigured).toBe(false);
      expect(rpc.calls.length).toBe(callsBefore);
      await bare.close();
    }
    expect((await client.call('GET', '/api/config')).body.data.tokenConfigured).toBe(true);
  });

  it('answers 503 when the RPC is down, erroring or too slow, while accounts keep working', async () => {
    const token = await client.signUp('ada@example.com');
    const wallet = createTestWallet();
    await rpc.chain.giveTokens(wallet.address, 12_000n * TOKEN);
    await client.link(token, wallet);
    for (const mode of ['http-error', 'rpc-error', 'timeout'] as const) {
      rpc.setMode(mode);
      server.clock.advance(31_000);
      for (const url of ['/api/solana/balance', '/api/solana/token-info']) {
        const response = await client.call('GET', url, { token });
        expect(response, `${mode} ${url}`).toEqual({
          statusCode: 503,
          body: {
            status: 'error',
            message: 'Could not reach the Solana network. Please try again.',
          },
        });
      }
    }
    const me = await client.call('GET', '/api/auth/me', { token });
    expect(me.statusCode).toBe(200);
    expect(me.body.data.user.isPremium).toBe(false);
    const big = await client.call('POST', '/api/upload/presign', {
      token,
      body: presignBody(50 * GiB),
    });
    expect(big.statusCode).toBe(503);
    const small = await client.call('POST', '/api/upload/presign', {
      token,
      body: presignBody(10),
    });
    expect(small.statusCode).toBe(200);
  });

  it('fails fast for five seconds after an RPC failure, then asks the RPC again', async () => {
    const token = await client.signUp('ada@example.com');
    await client.link(token);
    rpc.setMode('http-error');
    server.clock.advance(16_000);
    expect((await client.call('GET', '/api/solana/balance', { token })).statusCode).toBe(503);
    rpc.setMode('ok');
    const callsBefore = rpc.calls.length;
    expect((await client.call('GET', '/api/solana/balance', { token })).statusCode).toBe(503);
    expect(rpc.calls.length).toBe(callsBefore);
    server.clock.advance(5_000);
    expect((await client.call('GET', '/api/solana/balance', { token })).statusCode).toBe(200);
  });

  it('reads a Token-2022 mint the same way', async () => {
    const rpc2022 = await startSolanaRpcStandin({ token2022: true });
    const other = await createTestServer({
      database: await createDatabase(),
      env: walletEnv(rpc2022, market),
    });
    try {
      const otherClient = walletClient(other);
      const token = await otherClient.signUp('ada@example.com');
      const wallet = createTestWallet();
      await rpc2022.chain.giveTokens(wallet.address, 10_000n * TOKEN);
      expect((await otherClient.link(token, wallet)).body.data).toMatchObject({
        balance: 10_000,
        tier: 'Elite',
        isPremium: true,
      });
    } finally {
      await other.close();
      await rpc2022.close();
    }
  });
});
