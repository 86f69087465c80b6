import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const codeTtlMinutes = 10;
export const maxCodeAttempts = 5;
export const codeResendCooldownSeconds = 60;

export function newSecondFactorCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Bound to the session so a code hash is useless elsewhere. */
export function hashCode(code: string, sessionId: string): string {
  return createHmac('sha256', sessionId).update(code).digest('hex');
}

export function codeMatches(code: string, sessionId: string, expectedHash: string): boolean {
  const a = Buffer.from(hashCode(code, sessionId), 'hex');
  const b = Buffer.from(expectedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export { maskEmail, maskPhone } from '../../platform/text/mask.ts';
