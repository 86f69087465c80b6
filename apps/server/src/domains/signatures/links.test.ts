import { describe, expect, it } from 'vitest';
import { signingToken, deriveSigningLinkKey, verifySigningLink } from './links.ts';

const platform = { secret: 's'.repeat(40), clock: () => new Date('2026-01-01T00:00:00Z'), config: { publicUrl: 'https://sign.example.com' } } as Parameters<
  typeof verifySigningLink
>[0];
const ids = {
  requestId: '11111111-1111-4111-8111-111111111111',
  signerId: '22222222-2222-4222-8222-222222222222',
  expiresAt: new Date('2026-02-01T00:00:00Z'),
};
const token = signingToken(deriveSigningLinkKey(platform.secret), ids);
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Another character decoding to the same bytes: the last character's unused low bits changed. */
function sibling(part: string): string | null {
  const last = part.at(-1)!;
  const unusedBits = [0, 0, 4, 2][part.length % 4]!; // 2 chars → 4 unused bits, 3 chars → 2
  if (!unusedBits) return null;
  const index = alphabet.indexOf(last);
  const other = alphabet[(index & ~((1 << unusedBits) - 1)) | ((index + 1) & ((1 << unusedBits) - 1))]!;
  return part.slice(0, -1) + other;
}

describe('signing links accept only their canonical spelling', () => {
  it('verifies the link as issued', () => {
    expect(verifySigningLink(platform, token)).toMatchObject({ requestId: ids.requestId, signerId: ids.signerId });
  });

  it.each([
    ['padding', `${token}=`],
    ['a trailing junk character', `${token}!`],
    ['a trailing base64 character', `${token}A`],
    ['padding inside', token.replace('.', '=.')],
    ['a space', ` ${token}`],
  ])('refuses the link with %s', (_case, altered) => {
    expect(() => verifySigningLink(platform, altered)).toThrow(expect.objectContaining({ code: 'TOKEN_INVALID' }));
  });

  it('refuses a sibling last character of the MAC or of the payload', () => {
    const [payload, mac] = token.split('.') as [string, string];
    const variants = [sibling(mac) && `${payload}.${sibling(mac)}`, sibling(payload) && `${sibling(payload)}.${mac}`].filter((v): v is string => Boolean(v));
    expect(variants.length).toBeGreaterThan(0);
    for (const variant of variants) {
      expect(variant).not.toBe(token);
      expect(Buffer.from(variant.split('.')[1]!, 'base64url')).toEqual(Buffer.from(variant.split('.')[1]!, 'base64url')); // decodes fine…
      expect(() => verifySigningLink(platform, variant)).toThrow(expect.objectContaining({ code: 'TOKEN_INVALID' })); // …but is refused
    }
  });
});
