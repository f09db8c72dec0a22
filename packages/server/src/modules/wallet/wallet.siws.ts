/**
 * Sign-In-With-Solana: the message a wallet signs to prove it owns an address, and the ed25519
 * check of that signature. Signatures travel base58-encoded, as Solana wallets show them.
 */
import { createPublicKey, verify } from 'node:crypto';
import { getBase58Encoder } from '@solana/kit';
import {
  createSignInMessageText,
  parseSignInMessageText,
  type SolanaSignInInputWithRequiredFields,
} from '@solana/wallet-standard-util';

export const SIGN_IN_STATEMENT = 'Link this wallet to your Sealdrop account.';
/** A request older than this is refused even if its nonce is still stored. */
export const NONCE_TTL_MS = 10 * 60 * 1000;

export type SignInFields = SolanaSignInInputWithRequiredFields;

export function createSignInText(input: {
  domain: string;
  uri: string;
  address: string;
  chainId: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}): string {
  return createSignInMessageText({
    domain: input.domain,
    address: input.address,
    statement: SIGN_IN_STATEMENT,
    uri: input.uri,
    version: '1',
    chainId: input.chainId,
    nonce: input.nonce,
    issuedAt: input.issuedAt.toISOString(),
    expirationTime: input.expiresAt.toISOString(),
  });
}

export function parseSignInText(text: string): SignInFields | null {
  return parseSignInMessageText(text);
}

/** The fields a signed message must share with the one the server issued. */
export const BOUND_FIELDS = [
  'domain',
  'address',
  'statement',
  'uri',
  'version',
  'chainId',
  'nonce',
  'issuedAt',
  'expirationTime',
] as const;

export function firstDifference(signed: SignInFields, issued: SignInFields): string | null {
  return BOUND_FIELDS.find((field) => signed[field] !== issued[field]) ?? null;
}

/** Bytes of a base58 string, or null when it is not base58. */
export function decodeBase58(text: string): Uint8Array | null {
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(text)) return null;
  try {
    return new Uint8Array(getBase58Encoder().encode(text));
  } catch {
    return null;
  }
}

/** ed25519 verification of `message` (UTF-8) by the 32-byte key that the address encodes. */
export function verifyWalletSignature(input: {
  address: string;
  message: string;
  signature: Uint8Array;
}): boolean {
  const publicKey = decodeBase58(input.address);
  if (publicKey?.length !== 32 || input.signature.length !== 64) return false;
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
      format: 'jwk',
    });
    return verify(null, Buffer.from(input.message, 'utf8'), key, input.signature);
  } catch {
    // A key that is not a valid curve point: nothing it could have signed.
    return false;
  }
}
