import { createHash } from 'node:crypto';
import { EXTENSION_PUBLIC_KEY } from '../extensionKey';

/**
 * The id Chrome gives an extension whose manifest carries a `key`: the SHA-256 of the DER public key, its first
 * 32 hex digits written with the letters a–p instead of 0–f.
 */
export function extensionIdFromKey(base64Key: string): string {
  const hex = createHash('sha256').update(Buffer.from(base64Key, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode('a'.charCodeAt(0) + parseInt(digit, 16))).join('');
}

/** The id of every build of this extension loaded unpacked (the manifest's key). */
export const UNPACKED_EXTENSION_ID = extensionIdFromKey(EXTENSION_PUBLIC_KEY);
