/**
 * A wallet-standard "Phantom" for the browser under test: the web tests' wallet
 * (packages/web/src/testing/standard-wallet.ts), handed to the page before its scripts run. The
 * test owns an ed25519 keypair; the page gets the private key as a JWK.
 */
import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import type { BrowserContext } from 'playwright-core';
import { standardTestWallet } from '../../packages/web/src/testing/standard-wallet';

export interface TestKeypair {
  address: string;
  privateJwk: JsonWebKey;
}

export function createKeypair(): TestKeypair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  return {
    address: getBase58Decoder().decode(raw),
    privateJwk: privateKey.export({ format: 'jwk' }),
  };
}

export async function injectPhantom(context: BrowserContext, keypair: TestKeypair) {
  await context.addInitScript(standardTestWallet, {
    name: 'Phantom',
    address: keypair.address,
    jwk: keypair.privateJwk,
    announce: true,
  });
}
