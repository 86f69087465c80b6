import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/apiError.ts';
import { codeWaitOf } from './codeWait.ts';

const now = Date.parse('2026-12-02T08:00:00Z');
const refusal = (code: string, details: Record<string, unknown>) => new ApiError({ code, status: 429, message: code, details });

describe('when a new code will work (issue 25 item 16)', () => {
  it('reads the wait of a new code asked too soon', () => {
    expect(codeWaitOf(refusal('RATE_LIMITED', { retryAfterSeconds: 40 }), now)).toEqual({ seconds: 40, at: '2026-12-02T08:00:40.000Z' });
  });

  it('reads the wait of an account locked after too many wrong codes', () => {
    expect(codeWaitOf(refusal('ACCOUNT_LOCKED', { retryAfterSeconds: 3600 }), now)).toEqual({ seconds: 3600, at: '2026-12-02T09:00:00.000Z' });
  });

  it('gives none when the server says no wait, or for another error', () => {
    expect(codeWaitOf(refusal('RATE_LIMITED', {}), now)).toBeNull();
    expect(codeWaitOf(refusal('CODE_INVALID', { retryAfterSeconds: 5 }), now)).toBeNull();
  });
});
