/**
 * The set-up of the wallet's browser tests: a JSON-RPC stand-in (litesvm) holding the product's
 * mint, a market-data stand-in pricing it, and `appInBrowser` with the app configured for both
 * (plus `env`), for the whole file. Read the getters inside tests, once `beforeAll` has run.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  dexPair,
  type MarketDataStandin,
  startMarketDataStandin,
} from '../../packages/server/src/testing/market-data-standin';
import {
  type SolanaRpcStandin,
  startSolanaRpcStandin,
} from '../../packages/server/src/testing/solana-rpc-standin';
import { appInBrowser } from './app-in-browser';
import type { BrowserName } from './browsers';
import { typeInto } from './typing';

/** One whole token in base units (the stand-in's mint has 6 decimals). */
export const TOKEN = 10n ** 6n;

export function walletAppInBrowser(
  env: Record<string, string> = {},
  browserName: BrowserName = 'Chromium',
) {
  let rpc: SolanaRpcStandin | undefined;
  let market: MarketDataStandin | undefined;
  const appEnv: Record<string, string> = {};
  beforeAll(async () => {
    [rpc, market] = await Promise.all([startSolanaRpcStandin(), startMarketDataStandin()]);
    market.setPairs([dexPair({ baseToken: rpc.mint, priceUsd: '0.0025', marketCap: 2_500_000 })]);
    Object.assign(appEnv, {
      SOLANA_RPC_URL: rpc.url,
      TOKEN_MINT: rpc.mint,
      MARKET_DATA_URL: market.url,
      ...env,
    });
  });
  afterAll(() => Promise.all([rpc?.close(), market?.close()]));
  // Registered after the stand-ins' hooks: starts once they run, stops before they close.
  const app = appInBrowser(appEnv, browserName);
  return {
    get rpc(): SolanaRpcStandin {
      if (!rpc) throw new Error('the JSON-RPC stand-in starts in beforeAll');
      return rpc;
    },
    get server() {
      return app.server;
    },
    get browser() {
      return app.browser;
    },
  };
}

/**
 * In `page` (the home page, its context given an injected Phantom): signs up a new account named
 * after `who`, then picks Phantom under "Connect Wallet". Returns the top bar.
 */
export async function signUpAndConnectPhantom(page: Page, who: string) {
  const bar = page.getByRole('banner');
  await bar.getByRole('button', { name: 'Sign Up' }).click();
  const signUp = page.getByRole('dialog', { name: 'Create Account' });
  const password = 'Sealdrop-e2e-1';
  await typeInto(signUp.getByLabel('Email'), `${who}-${Date.now()}-${Math.random()}@example.com`);
  await typeInto(signUp.getByLabel('Password', { exact: true }), password);
  await typeInto(signUp.getByLabel('Confirm Password'), password);
  await signUp.getByRole('button', { name: 'Sign Up' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  await bar.getByRole('button', { name: 'Connect Wallet' }).click();
  await bar.getByRole('button', { name: 'Phantom' }).click();
  return bar;
}
