const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * Bitcoin-alphabet base58, the text form Solana uses for keys and signatures. The server expects
 * the wallet's 64-byte ed25519 signature in this form (`POST /solana/connect`).
 */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros += 1;

  // Base-58 digits, least significant first; each input byte is folded in by long multiplication.
  const digits: number[] = [];
  for (let i = zeros; i < bytes.length; i += 1) {
    let carry = bytes[i]!;
    for (let j = 0; j < digits.length; j += 1) {
      carry += digits[j]! * 256;
      digits[j] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }

  let text = '1'.repeat(zeros);
  for (let k = digits.length - 1; k >= 0; k -= 1) text += ALPHABET[digits[k]!];
  return text;
}
