import type { SignerCheck } from '@paraphe/contracts';
import type { DraftSigner } from './draft.ts';

const looksLikeEmail = (value: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value.trim());

/** The distinct addresses (lower-cased) of the participants who sign: each needs a qualified certificate at level 3. */
export function qualifiedSignerEmails(signers: Pick<DraftSigner, 'role' | 'emailAddress'>[]): string[] {
  return [...new Set(signers.filter((s) => s.role === 'signer' && looksLikeEmail(s.emailAddress)).map((s) => s.emailAddress.trim().toLowerCase()))];
}

/** A level-3 request may be saved or sent when every signer has an address and the server says each one's certificate is usable. */
export function everySignerQualified(signers: Pick<DraftSigner, 'role' | 'emailAddress'>[], results: Pick<SignerCheck, 'email' | 'usable'>[]): boolean {
  const emails = qualifiedSignerEmails(signers);
  const signing = signers.filter((s) => s.role === 'signer').length;
  return signing > 0 && emails.length === signing && emails.every((email) => results.some((r) => r.email === email && r.usable));
}
