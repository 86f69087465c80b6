import { describe, expect, it } from 'vitest';
import { passwordProblems, passwordSchema } from './users.ts';

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

  it('reports the password_policy rule through the schema', () => {
    const result = passwordSchema.safeParse('password');
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect((issue as unknown as { params: { rule: string } }).params.rule).toBe('password_policy');
    expect(passwordSchema.safeParse(`Aa1!${'a'.repeat(200)}`).success).toBe(false);
  });
});
