import { describe, expect, it } from 'vitest';
import { everySignerQualified, qualifiedSignerEmails } from './qualifiedSigners.ts';

const signer = (emailAddress: string, role: 'signer' | 'validator' | 'observer' = 'signer') => ({ emailAddress, role });

describe('level-3 signers', () => {
  it('checks the addresses of the participants who sign, once each, lower-cased', () => {
    expect(
      qualifiedSignerEmails([signer('Ann@Example.com'), signer('ann@example.com'), signer('bob@example.com', 'observer'), signer('not an address')]),
    ).toEqual(['ann@example.com']);
  });

  it('allows saving or sending only when every signer holds a usable certificate', () => {
    const signers = [signer('ann@example.com'), signer('bob@example.com'), signer('val@example.com', 'validator')];
    expect(
      everySignerQualified(signers, [
        { email: 'ann@example.com', usable: true },
        { email: 'bob@example.com', usable: true },
      ]),
    ).toBe(true);
    expect(
      everySignerQualified(signers, [
        { email: 'ann@example.com', usable: true },
        { email: 'bob@example.com', usable: false },
      ]),
    ).toBe(false);
    expect(everySignerQualified(signers, [{ email: 'ann@example.com', usable: true }])).toBe(false); // bob not checked yet
    expect(everySignerQualified([signer('ann@example.com'), signer('')], [{ email: 'ann@example.com', usable: true }])).toBe(false); // an address missing
    expect(everySignerQualified([signer('val@example.com', 'validator')], [])).toBe(false); // nobody signs
  });
});
