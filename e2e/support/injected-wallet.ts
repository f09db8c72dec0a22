/**
 * A wallet-standard "Phantom" for the browser under test. The test owns an ed25519 keypair; the
 * page gets the private key as a JWK and signs with WebCrypto, as an extension would sign for its
 * user. It registers through the standard's window events, before the app's scripts run.
 */
import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import type { BrowserContext } from 'playwright-core';

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

/** Runs in the page: no imports, everything it needs comes in `input`. */
function installWallet(input: { name: string; address: string; jwk: JsonWebKey }) {
  const keyPromise = crypto.subtle.importKey('jwk', input.jwk, { name: 'Ed25519' }, false, [
    'sign',
  ]);
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = 0n;
  for (const char of input.address) value = value * 58n + BigInt(alphabet.indexOf(char));
  const publicKey = new Uint8Array(32);
  for (let i = 31; i >= 0; i -= 1) {
    publicKey[i] = Number(value & 255n);
    value >>= 8n;
  }
  const account = {
    address: input.address,
    publicKey,
    chains: ['solana:mainnet'],
    features: ['solana:signMessage'],
  };
  const wallet = {
    version: '1.0.0',
    name: input.name,
    icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
    chains: ['solana:mainnet'],
    accounts: [] as (typeof account)[],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          wallet.accounts = [account];
          return { accounts: wallet.accounts };
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          wallet.accounts = [];
        },
      },
      'standard:events': { version: '1.0.0', on: () => () => {} },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: async (...inputs: { message: Uint8Array }[]) => {
          const key = await keyPromise;
          return Promise.all(
            inputs.map(async ({ message }) => ({
              signedMessage: message,
              signature: new Uint8Array(
                await crypto.subtle.sign('Ed25519', key, new Uint8Array(message)),
              ),
              signatureType: 'ed25519',
            })),
          );
        },
      },
    },
  };
  const register = ({ register }: { register: (wallet: unknown) => unknown }) => register(wallet);
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
  window.addEventListener('wallet-standard:app-ready', (event) =>
    register((event as CustomEvent).detail),
  );
}

export async function injectPhantom(context: BrowserContext, keypair: TestKeypair) {
  await context.addInitScript(installWallet, {
    name: 'Phantom',
    address: keypair.address,
    jwk: keypair.privateJwk,
  });
}
