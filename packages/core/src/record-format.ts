/**
 * Constants of the encrypted file format, version 1 (docs/encryption.md). The header is
 * MAGIC (4 bytes) | VERSION (1) | log2(RECORD_SIZE) (1) | two zero bytes.
 */
export const MAGIC = new Uint8Array([0x53, 0x45, 0x41, 0x4c]); // "SEAL"
export const FORMAT_VERSION = 1;
export const RECORD_SIZE_LOG2 = 16;
/** Plaintext bytes per record (64 KiB: fastest record size for WebCrypto AES-GCM, TOOLCHAIN.md). */
export const RECORD_SIZE = 2 ** RECORD_SIZE_LOG2;
export const HEADER_SIZE = 8;
export const TAG_SIZE = 16;
export const KEY_BYTES = 32;
export const IV_BYTES = 12;
