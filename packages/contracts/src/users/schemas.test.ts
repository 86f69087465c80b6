import { describe, expect, it } from 'vitest';
import { passwordProblems, passwordSchema } from './schemas.ts';

describe('password policy (spec §5)', () => {
  it('accepts 8+ characters with upper, lower, digit and special', () => {
    for (const ok of ['Secret-pass1', 'Aa1!aaaa', 'With space 9A']) expect(passwordProblems(ok), ok).toEqual([]);
    expect(passwordSchema.safeParse('Secret-pass1').success).toBe(true);
  });

  it('names each missing ingredient', () => {
    expect(passwordProblems('Aa1!aaa')).toEqual(['length']);
    expect(passwordProblems('aa1!aaaa')).toEqual(['uppercase']);
    expect(passwordProblems('AA1!AAAA')).toEqual(['lowercase']);
    expect(passwordProblems('Aa!aaaaa')).toEqual(['digit']);
    expect(passwordProblems('Aa1aaaaa')).toEqual(['special']);
    expect(passwordProblems('')).toEqual(['length', 'uppercase', 'lowercase', 'digit', 'special']);
  });

  it('counts Unicode letters as upper or lower case, not as special characters', () => {
    // Before: only A-Z / a-z were letters, so "Ébène" had no uppercase and "É" counted as the special character.
    expect(passwordProblems('Éléphant-9')).toEqual([]);
    expect(passwordProblems('ÉLÉPHANT-9')).toEqual(['lowercase']);
    expect(passwordProblems('Ωmega-cafe9')).toEqual([]);
    expect(passwordProblems('Жизнь-123ж')).toEqual([]);
    expect(passwordProblems('straße-9X')).toEqual([]);
    expect(passwordProblems('Éléphant9')).toEqual(['special']);
    expect(passwordProblems('élan-vital9')).toEqual(['uppercase']);
  });

  it('reports the password_policy rule through the schema', () => {
    const result = passwordSchema.safeParse('password');
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect((issue as unknown as { params: { rule: string } }).params.rule).toBe('password_policy');
    expect(passwordSchema.safeParse(`Aa1!${'a'.repeat(200)}`).success).toBe(false);
  });
});
