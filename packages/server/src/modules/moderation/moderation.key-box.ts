/**
 * The link key a reporter chose to include, sealed at rest: AES-256-GCM under a key derived from
 * the server secret (HKDF-SHA-256 with a label of its own, so it is never the key that signs
 * sessions or hashes addresses), bound to its report's id so that a sealed key cannot be moved to
 * another report. Only admins ever see it opened; it is deleted when the report is closed.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface KeyBox {
  seal: (key: string, reportId: string) => string;
  /** Null for a box that does not open (another secret, altered, or another report's). */
  open: (box: string, reportId: string) => string | null;
}

export function createKeyBox(secret: string): KeyBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'sealdrop', 'sealdrop report keys v1', 32));
  return {
    seal(plaintext, reportId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(reportId));
      const body = Buffer.concat([
        cipher.update(plaintext, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(box, reportId) {
      const [version, ivText, bodyText] = box.split('.');
      if (version !== VERSION || !ivText || !bodyText) return null;
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(reportId));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        const opened = Buffer.concat([
          decipher.update(body.subarray(0, body.length - TAG_BYTES)),
          decipher.final(),
        ]);
        return opened.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
