import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { BoardReport, SignedReading } from '@shared/contracts/detect';

/**
 * Signed board readings (docs/devices.md "Signed readings"). A board holds its report key and signs
 * each reading's JSON text with HMAC-SHA256 under SHA-256(report key); it sends the text and the
 * signature, never the key. Cascade keeps only SHA-256(report key) (fall_detect.board_key_hash),
 * which is exactly the signing key: it checks a signature without ever holding the key a board was
 * given. (HMAC needs the same secret on both sides: whoever can read that column can sign readings,
 * as they could write them into the database directly.)
 */
export function signingKey(boardKey: string): Buffer {
  return createHash('sha256').update(boardKey).digest();
}

/** HMAC-SHA256 of the body's bytes (UTF-8) under a signing key, in lowercase hex. */
export function signBody(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body, 'utf8').digest('hex');
}

/** What a board sends: the reading as JSON text and its signature (the simulator, the benches, the tests). */
export function signReading(boardKey: string, reading: SignedReading): BoardReport {
  const body = JSON.stringify(reading);
  return { body, sig: signBody(signingKey(boardKey), body) };
}

/** Whether `sig` is the body's signature under the key whose SHA-256 (hex) Cascade stores; constant time. */
export function signatureMatches(keyHash: string, body: string, sig: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(keyHash) || !/^[0-9a-f]{64}$/.test(sig)) return false;
  const expected = createHmac('sha256', Buffer.from(keyHash, 'hex')).update(body, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(sig, 'hex'));
}
