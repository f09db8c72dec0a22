import { randomBytes, randomInt } from 'node:crypto';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '@sealdrop/core/short-code';

/** Where short codes draw their characters: node's CSPRNG, never Math.random. */
export const drawShortCodeIndex: (max: number) => number = randomInt;

/** A short code from a cryptographic RNG: 12 base62 characters, about 71 bits. */
export function generateShortCode(length = SHORT_CODE_LENGTH, draw = drawShortCodeIndex): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += SHORT_CODE_ALPHABET[draw(SHORT_CODE_ALPHABET.length)];
  return code;
}

export function generateToken(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

export type IdGenerator = () => string;
export type Clock = () => Date;
