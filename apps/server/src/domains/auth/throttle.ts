import { createHash } from 'node:crypto';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { deleteThrottles, deleteThrottlesUntouchedSince, findThrottle, lockThrottle, updateThrottle, type ThrottleRow as Row } from './repository-throttle.ts';

/**
 * Guesses are bounded per account over time, not per session or per client address (docs/security.md,
 * "Accounts and identity").
 *
 * Passwords, per login address (known or not: the same answers either way): 5 attempts in a 15-minute window;
 * the 5th wrong one locks password logins for 15 min, then 30 min, 1 h, 2 h, 4 h (the cap) for each further
 * lockout; the level starts again once no lockout began for 24 h. A locked address answers 429 ACCOUNT_LOCKED
 * with Retry-After without checking the password. A password set from a mailed reset link lifts every lock.
 *
 * Second-factor codes, per user across all their sessions: 10 wrong codes in an hour lock the codes (and the
 * password login) until that hour ends. Each session also keeps its own 5 tries (codes.ts).
 */
export const passwordThrottle = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  firstLockMs: 15 * 60_000,
  maxLockMs: 4 * 3_600_000,
  levelResetMs: 24 * 3_600_000,
} as const;
export const codeThrottle = { maxFailures: 10, windowMs: 60 * 60_000 } as const;

export const passwordKey = (email: string) => `password:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
export const codeKey = (userId: string) => `code:${userId}`;

/** 429 ACCOUNT_LOCKED; the route copies `retryAfterSeconds` into the Retry-After header. */
export function accountLocked(until: Date, now: Date): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('ACCOUNT_LOCKED', undefined, { details: { retryAfterSeconds, lockedUntil: until.toISOString() } });
}

const lockedAt = (row: Pick<Row, 'lockedUntil'>, now: Date) => (row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null);
const windowOpen = (row: Pick<Row, 'windowStartedAt'>, now: Date, windowMs: number) =>
  row.windowStartedAt !== null && now.getTime() - row.windowStartedAt.getTime() < windowMs;

/**
 * Counts a password attempt before the password is checked, so parallel attempts cannot check more than the
 * window allows. Returns the end of the lock when the address may not try now.
 */
export async function reservePasswordAttempt(tx: Tx, key: string, now: Date): Promise<Date | null> {
  const row = await lockThrottle(tx, key);
  const locked = lockedAt(row, now);
  if (locked) return locked;
  const open = windowOpen(row, now, passwordThrottle.windowMs);
  const failures = open ? row.failures : 0;
  // Every try of the window is taken (some still being checked): wait for the window to end.
  if (failures >= passwordThrottle.maxFailures) return new Date(row.windowStartedAt!.getTime() + passwordThrottle.windowMs);
  await updateThrottle(tx, key, { failures: failures + 1, windowStartedAt: open ? row.windowStartedAt : now, updatedAt: now });
  return null;
}

/**
 * The reserved attempt was wrong. The attempt that uses the window's last try locks the address; returns the
 * lock (`first`: the first lockout of a series, when the account's owner is told) or null.
 */
export async function recordPasswordFailure(tx: Tx, key: string, now: Date): Promise<{ until: Date; first: boolean } | null> {
  const row = await lockThrottle(tx, key);
  const locked = lockedAt(row, now);
  if (locked) return { until: locked, first: false };
  if (!windowOpen(row, now, passwordThrottle.windowMs) || row.failures < passwordThrottle.maxFailures) return null;
  const recent = row.lastLockedAt !== null && now.getTime() - row.lastLockedAt.getTime() < passwordThrottle.levelResetMs;
  const level = recent ? row.lockouts + 1 : 1;
  const until = new Date(now.getTime() + Math.min(passwordThrottle.firstLockMs * 2 ** (level - 1), passwordThrottle.maxLockMs));
  await updateThrottle(tx, key, { failures: 0, windowStartedAt: null, lockedUntil: until, lockouts: level, lastLockedAt: now, updatedAt: now });
  return { until, first: level === 1 };
}

/** The right password: the window's count starts again (the backoff level stays until it decays). */
export async function recordPasswordSuccess(tx: Tx, key: string, now: Date): Promise<void> {
  await updateThrottle(tx, key, { failures: 0, windowStartedAt: null, updatedAt: now });
}

/** Locks password logins of an address until `until` at least (the codes of its account were locked). */
export async function lockPasswordUntil(tx: Tx, key: string, until: Date, now: Date): Promise<void> {
  const row = await lockThrottle(tx, key);
  if (row.lockedUntil && row.lockedUntil >= until) return;
  await updateThrottle(tx, key, { lockedUntil: until, updatedAt: now });
}

/** When the user's codes are locked (any session), until when. */
export async function codeLockOf(db: Executor, userId: string, now: Date): Promise<Date | null> {
  const row = await findThrottle(db, codeKey(userId));
  return row ? lockedAt(row, now) : null;
}

/** A wrong code of the user, whatever the session; the one that uses the window's last try locks until the window ends. */
export async function recordCodeFailure(tx: Tx, userId: string, now: Date): Promise<{ until: Date } | null> {
  const key = codeKey(userId);
  const row = await lockThrottle(tx, key);
  const locked = lockedAt(row, now);
  if (locked) return { until: locked };
  const open = windowOpen(row, now, codeThrottle.windowMs);
  const failures = (open ? row.failures : 0) + 1;
  const windowStartedAt = open ? row.windowStartedAt! : now;
  const until = failures >= codeThrottle.maxFailures ? new Date(windowStartedAt.getTime() + codeThrottle.windowMs) : null;
  await updateThrottle(tx, key, {
    failures: until ? 0 : failures,
    windowStartedAt: until ? null : windowStartedAt,
    lockedUntil: until,
    ...(until ? { lastLockedAt: now } : {}),
    updatedAt: now,
  });
  return until ? { until } : null;
}

export async function recordCodeSuccess(tx: Tx, userId: string): Promise<void> {
  await deleteThrottles(tx, [codeKey(userId)]);
}

/** A password set from a mailed link lifts every lock of the account (its address and its codes). */
export async function clearThrottles(tx: Tx, user: { id: string; email: string }): Promise<void> {
  await deleteThrottles(tx, [passwordKey(user.email), codeKey(user.id)]);
}

/** Nightly: rows untouched for two days hold neither a lock (4 h at most) nor a backoff level (it decays in 24 h). */
export async function purgeStaleThrottles(tx: Tx, now: Date): Promise<void> {
  await deleteThrottlesUntouchedSince(tx, new Date(now.getTime() - 2 * 86_400_000));
}
