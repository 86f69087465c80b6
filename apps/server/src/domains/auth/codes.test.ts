import { describe, expect, it } from 'vitest';
import { codeMatches, hashCode, maskEmail, maskPhone, newSecondFactorCode } from './codes.ts';

describe('second-factor codes', () => {
  it('draws six-digit codes, zero-padded, spread over the range', () => {
    const codes = Array.from({ length: 2000 }, newSecondFactorCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });

  it('binds the hash to the session', () => {
    const hash = hashCode('123456', 'session-a');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(codeMatches('123456', 'session-a', hash)).toBe(true);
    expect(codeMatches('123457', 'session-a', hash)).toBe(false);
    expect(codeMatches('123456', 'session-b', hash)).toBe(false);
    expect(codeMatches('123456', 'session-a', 'abcd')).toBe(false);
    expect(codeMatches('123456', 'session-a', '')).toBe(false);
  });

  it('masks destinations', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskPhone('+33612345678')).toBe('+336******78');
    expect(maskPhone('+33612345678')).not.toContain('1234');
  });
});
