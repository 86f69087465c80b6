import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Six-digit codes a person types back (login second factor, direct links' e-mail proof). Only an HMAC keyed by what
 * the code belongs to (a session, a claim) is stored, so a stored hash is useless for anything else.
 */
export function newOneTimeCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashOneTimeCode(code: string, boundTo: string): string {
  return createHmac('sha256', boundTo).update(code).digest('hex');
}

export function oneTimeCodeMatches(code: string, boundTo: string, expectedHash: string): boolean {
  const a = Buffer.from(hashOneTimeCode(code, boundTo), 'hex');
  const b = Buffer.from(expectedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
