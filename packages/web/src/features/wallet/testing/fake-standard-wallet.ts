/**
 * The test wallet (src/testing/standard-wallet.ts, which the browser tests inject too) with a fresh
 * ed25519 key, registered through the standard's own `register`; its signatures can be checked
 * like the server checks them.
 */
import { getWallets } from '@wallet-standard/app';
import { vi } from 'vitest';
import { standardTestWallet } from '../../../testing/standard-wallet';
import { encodeBase58 } from '../lib/base58';

type RegisterableWallet = Parameters<ReturnType<typeof getWallets>['register']>[0];

export interface FakeWalletOptions {
  name?: string;
  /** Makes signMessage reject, as when the user declines in the extension. */
  rejectSigning?: boolean;
}

export async function registerFakeWallet({
  name = 'Phantom',
  rejectSigning,
}: FakeWalletOptions = {}) {
  const keys = (await crypto.subtle.generateKey('Ed25519', true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
  const address = encodeBase58(publicKey);
  const jwk = await crypto.subtle.exportKey('jwk', keys.privateKey);
  const signedMessages: string[] = [];
  const disconnect = vi.fn(async () => {});
  const wallet = standardTestWallet(
    { name, address, jwk, rejectSigning },
    { signedMessages, onDisconnect: disconnect },
  );
  const unregister = getWallets().register(wallet as unknown as RegisterableWallet);

  /** Checks a base58 signature over a text the way the server does. */
  const verify = (signatureBase58: string, message: string) =>
    crypto.subtle.verify(
      'Ed25519',
      keys.publicKey,
      decodeBase58(signatureBase58),
      new TextEncoder().encode(message),
    );

  return { address, signedMessages, disconnect, unregister, verify };
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Test-only inverse of encodeBase58, so a signature is checked independently of the encoder. */
export function decodeBase58(text: string): Uint8Array<ArrayBuffer> {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) throw new Error(`Not base58: ${char}`);
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  const zeros = text.length - text.replace(/^1+/, '').length;
  return new Uint8Array([...new Array<number>(zeros).fill(0), ...bytes]);
}
