/** A wallet for tests: a real ed25519 keypair whose base58 public key is its Solana address. */
import { generateKeyPairSync, sign } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';

export interface TestWallet {
  address: string;
  /** Signs the UTF-8 bytes of a message, as a wallet's signMessage does; base58 signature. */
  sign: (message: string) => string;
}

export function createTestWallet(): TestWallet {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  const base58 = getBase58Decoder();
  return {
    address: base58.decode(raw),
    sign: (message) => base58.decode(sign(null, Buffer.from(message, 'utf8'), privateKey)),
  };
}
