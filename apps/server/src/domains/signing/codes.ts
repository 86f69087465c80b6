import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { signingCodeRules, type SigningCodeChannel, type SigningCodeState } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { clearCode, findCode, saveCode, saveFailedTries, type CodeRow } from './repository.ts';
import { AppError } from '../../platform/errors.ts';
import { maskEmail, maskPhone } from '../../platform/text/mask.ts';
import type { SignerView } from '../signatures/index.ts';

/**
 * One-time codes of the signing page (rules in contracts `signingCodeRules`):
 * - a code lives 10 minutes; 5 wrong entries burn it (CODE_LOCKED) and a new one must be asked;
 * - a new code can be asked 60 s after the previous one (CODE_RESEND_TOO_SOON), at most 1 + 3 codes per
 *   30-minute window starting at the window's first send (CODE_SEND_LIMIT until it ends);
 * - asking a new code replaces the previous one (only the last code works); a used code is cleared.
 * Only an HMAC of the code, keyed by the signer id, is stored.
 */

export { findCode, type CodeRow };
const seconds = (n: number) => n * 1000;

/** SMS when the signer has a mobile number, otherwise e-mail (spec, issue 5). */
export const codeChannelOf = (signer: Pick<SignerView, 'phone'>): SigningCodeChannel => (signer.phone ? 'sms' : 'email');
const destinationOf = (signer: Pick<SignerView, 'phone' | 'email'>) => (signer.phone ? maskPhone(signer.phone) : maskEmail(signer.email));

const hashOf = (code: string, signerId: string) => createHmac('sha256', signerId).update(code).digest('hex');

const liveCode = (row: CodeRow | undefined, now: Date) => (row?.codeHash && row.expiresAt && row.expiresAt > now ? row : undefined);
const windowOpen = (row: CodeRow | undefined, now: Date) =>
  !!row?.windowStartedAt && now.getTime() < row.windowStartedAt.getTime() + seconds(signingCodeRules.sendWindowSeconds);
const maxSends = 1 + signingCodeRules.maxResends;

/** When the next code may be asked, or null for now. */
function nextSendAt(row: CodeRow | undefined, now: Date): Date | null {
  if (!row) return null;
  const candidates: number[] = [];
  if (row.sentAt) candidates.push(row.sentAt.getTime() + seconds(signingCodeRules.resendCooldownSeconds));
  if (windowOpen(row, now) && row.sendsInWindow >= maxSends) candidates.push(row.windowStartedAt!.getTime() + seconds(signingCodeRules.sendWindowSeconds));
  const at = Math.max(0, ...candidates);
  return at > now.getTime() ? new Date(at) : null;
}

export function codeState(signer: SignerView, row: CodeRow | undefined, now: Date): SigningCodeState {
  const live = liveCode(row, now);
  const sends = windowOpen(row, now) ? row!.sendsInWindow : 0;
  const resendAt = nextSendAt(row, now);
  return {
    channel: codeChannelOf(signer),
    destination: destinationOf(signer),
    sentAt: live?.sentAt?.toISOString() ?? null,
    expiresAt: live?.expiresAt?.toISOString() ?? null,
    triesLeft: live ? signingCodeRules.maxTries - live.failedTries : 0,
    resendsLeft: Math.max(0, maxSends - sends),
    resendAvailableAt: resendAt?.toISOString() ?? null,
  };
}

/** Creates and stores a new code (the caller sends it); refuses inside the cool-down or past the window's limit. */
export async function issueCode(db: Executor, appId: string, signer: SignerView, now: Date): Promise<{ code: string; row: CodeRow }> {
  const row = await findCode(db, signer.id);
  const waitUntil = nextSendAt(row, now);
  if (waitUntil) {
    const limited = windowOpen(row, now) && row!.sendsInWindow >= maxSends;
    throw new AppError(limited ? 'CODE_SEND_LIMIT' : 'CODE_RESEND_TOO_SOON', undefined, { details: { resendAvailableAt: waitUntil.toISOString() } });
  }
  const code = String(randomInt(0, 10 ** signingCodeRules.length)).padStart(signingCodeRules.length, '0');
  const sameWindow = windowOpen(row, now);
  const values = {
    appId,
    channel: codeChannelOf(signer),
    codeHash: hashOf(code, signer.id),
    sentAt: now,
    expiresAt: new Date(now.getTime() + seconds(signingCodeRules.ttlSeconds)),
    failedTries: 0,
    windowStartedAt: sameWindow ? row!.windowStartedAt : now,
    sendsInWindow: (sameWindow ? row!.sendsInWindow : 0) + 1,
  };
  return { code, row: await saveCode(db, signer.id, values) };
}

export type CodeCheck = { ok: true; channel: SigningCodeChannel } | { ok: false; error: AppError };

/**
 * Checks an entered code. A wrong entry is counted (the caller must commit before reporting the error); the
 * right one, the 5th wrong one and an expired one clear the code.
 */
export async function checkCode(db: Executor, signerId: string, code: string, now: Date): Promise<CodeCheck> {
  const row = await findCode(db, signerId);
  if (!row?.codeHash || !row.expiresAt) return { ok: false, error: new AppError('CODE_REQUIRED') };
  const clear = () => clearCode(db, signerId);
  if (row.expiresAt <= now) {
    await clear();
    return { ok: false, error: new AppError('CODE_EXPIRED') };
  }
  const given = Buffer.from(hashOf(code, signerId), 'hex');
  const expected = Buffer.from(row.codeHash, 'hex');
  if (given.length === expected.length && timingSafeEqual(given, expected)) {
    await clear();
    return { ok: true, channel: row.channel };
  }
  const failedTries = row.failedTries + 1;
  if (failedTries >= signingCodeRules.maxTries) {
    await clear();
    return { ok: false, error: new AppError('CODE_LOCKED', undefined, { details: { triesLeft: 0 } }) };
  }
  await saveFailedTries(db, signerId, failedTries);
  return { ok: false, error: new AppError('CODE_INVALID', undefined, { details: { triesLeft: signingCodeRules.maxTries - failedTries } }) };
}
