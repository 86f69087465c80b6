import { describe, expect, it } from 'vitest';
import {
  maskIban,
  allowedActions,
  decodeSignatureFilter,
  defaultSignatureFields,
  encodeSignatureFilter,
  invalidTransitionMessage,
  isValidCreditorId,
  isValidIban,
  sendReadinessProblems,
  signatureListQuerySchema,
  signatureOptionsInputSchema,
  signatureRequestInputSchema,
  signatureStatuses,
  signatureTransitions,
  signerDisplayName,
  signerInputSchema,
  signerStatuses,
  signerTransitions,
  fieldSizeOf,
  signatureFieldInputSchema,
  signatureFieldSchema,
  sortSignersForDisplay,
} from '../index.ts';

describe('defaultSignatureFields', () => {
  it('spreads one field per signer across 415 units from x=70, y=70, last page', () => {
    expect(defaultSignatureFields(2, false)).toEqual([
      { page: -1, name: 'signer', x: 70, y: 70, width: 150, height: 60, signerIndex: 0 },
      { page: -1, name: 'signer', x: 278, y: 70, width: 150, height: 60, signerIndex: 1 },
    ]);
  });
  it('adds the stamp as one more slot, named cachet with signerIndex -1', () => {
    const fields = defaultSignatureFields(2, true);
    expect(fields.map((f) => [f.signerIndex, f.name, f.x])).toEqual([
      [0, 'signer', 70],
      [1, 'signer', 230],
      [-1, 'cachet', 390],
    ]);
  });
  it('gives nothing for no signer and no stamp, and the stamp alone at x=70', () => {
    expect(defaultSignatureFields(0, false)).toEqual([]);
    expect(defaultSignatureFields(0, true)).toEqual([{ page: -1, name: 'cachet', x: 70, y: 70, width: 150, height: 60, signerIndex: -1 }]);
  });
});

describe('signature field input', () => {
  it('names a nameless field signer or cachet and puts missing x/y at 0, missing page at -1', () => {
    expect(signatureFieldInputSchema.parse({ signerIndex: 0 })).toMatchObject({ page: -1, name: 'signer', x: 0, y: 0, signerIndex: 0 });
    expect(signatureFieldInputSchema.parse({ signerIndex: -1, x: null, page: 2 })).toMatchObject({ page: 2, name: 'cachet', x: 0, y: 0, signerIndex: -1 });
  });
  it('gives a field without a size (older payloads) the default 150 × 60, and keeps a given size', () => {
    expect(signatureFieldInputSchema.parse({ signerIndex: 0 })).toEqual({ page: -1, name: 'signer', x: 0, y: 0, width: 150, height: 60, signerIndex: 0 });
    expect(signatureFieldInputSchema.parse({ signerIndex: 0, width: null, height: 45 })).toMatchObject({ width: 150, height: 45 });
    expect(signatureFieldInputSchema.parse({ signerIndex: 0, width: 220.5, height: 80 })).toMatchObject({ width: 220.5, height: 80 });
  });
  it('refuses a size outside 20..600 × 10..300 points', () => {
    for (const size of [{ width: 19 }, { width: 601 }, { height: 9 }, { height: 301 }]) {
      expect(signatureFieldInputSchema.safeParse({ signerIndex: 0, ...size }).success).toBe(false);
    }
    expect(signatureFieldInputSchema.safeParse({ signerIndex: 0, width: 20, height: 10 }).success).toBe(true);
    expect(signatureFieldInputSchema.safeParse({ signerIndex: 0, width: 600, height: 300 }).success).toBe(true);
  });
  it('reads a stored field without a size as 150 × 60', () => {
    expect(fieldSizeOf({})).toEqual({ width: 150, height: 60 });
    expect(fieldSizeOf({ width: 200, height: null })).toEqual({ width: 200, height: 60 });
    expect(signatureFieldSchema.safeParse({ page: 1, name: 'signer', x: 0, y: 0, signerIndex: 0 }).success).toBe(true);
  });
  it('refuses page 0', () => {
    expect(signatureFieldInputSchema.safeParse({ signerIndex: 0, page: 0 }).success).toBe(false);
  });
});

describe('signer input', () => {
  it('renames legacy mail and phoneNumber', () => {
    const s = signerInputSchema.parse({ firstname: 'Ann', lastname: 'Lee', mail: 'ANN@example.com', phoneNumber: '+33 6 12 34 56 78', signerIndex: 0 });
    expect(s).toMatchObject({ emailAddress: 'ann@example.com', phoneNum: '+33612345678', role: 'signer', coSigner: false });
  });
  it('prefers the modern keys when both are given', () => {
    const s = signerInputSchema.parse({ firstname: 'A', lastname: 'B', mail: 'old@example.com', emailAddress: 'new@example.com', signerIndex: 0 });
    expect(s.emailAddress).toBe('new@example.com');
  });
  it('displays LASTNAME firstname and sorts observers first then by index', () => {
    expect(signerDisplayName({ firstname: 'Jean', lastname: 'Dupont' })).toBe('DUPONT Jean');
    const sorted = sortSignersForDisplay([
      { role: 'signer' as const, signerIndex: 0 },
      { role: 'observer' as const, signerIndex: 2 },
      { role: 'validator' as const, signerIndex: 1 },
    ]);
    expect(sorted.map((s) => s.signerIndex)).toEqual([2, 0, 1]);
  });
});

describe('options', () => {
  it('fills defaults and turns a single copy address into a list', () => {
    const o = signatureOptionsInputSchema.parse({ finalDocCCeMails: 'cc@example.com', signedDocuments: { sendCopy: true } });
    expect(o.finalDocCCeMails).toEqual(['cc@example.com']);
    expect(o.chainingMode).toBe('email');
    expect(o.reminders).toEqual({ mail: { firstAfterDays: 0, intervalDays: 0, maxCount: null }, sms: { firstAfterDays: 0, intervalDays: 0, maxCount: null } });
  });
  it("refuses 'send copy' without 'send signed documents to signatory'", () => {
    const r = signatureOptionsInputSchema.safeParse({ finalDocCCeMails: ['cc@example.com'], signedDocuments: { sendCopy: true, toSigners: false } });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['signedDocuments', 'sendCopy']);
    expect(r.error!.issues[0]!.message).toContain('send signed documents to signatory');
  });
  it('accepts HTTPS redirections only', () => {
    expect(signatureOptionsInputSchema.safeParse({ successRedirection: 'https://example.com/ok' }).success).toBe(true);
    const r = signatureOptionsInputSchema.safeParse({ successRedirection: 'http://example.com/ok' });
    expect(r.error!.issues[0]!.message).toBe('URL must be HTTPS.');
  });
  it('validates the SEPA debtor IBAN with mod 97 and the creditor id', () => {
    expect(isValidIban('FR76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(isValidIban('FR76 3000 6000 0112 3456 7890 188')).toBe(false);
    expect(isValidCreditorId('FR72ZZZ123456')).toBe(true);
    expect(isValidCreditorId('FR73ZZZ123456')).toBe(false);
    const sepa = {
      rum: 'RUM-2026-001',
      ics: 'FR72ZZZ123456',
      type: 'recurrent',
      debtor: { name: 'Ann Lee', address: '1 rue X, Paris', iban: 'FR7630006000011234567890189' },
    };
    expect(signatureOptionsInputSchema.safeParse({ preprocessing: { sepa } }).success).toBe(true);
    const bad = signatureOptionsInputSchema.safeParse({
      preprocessing: { sepa: { ...sepa, debtor: { ...sepa.debtor, iban: 'FR7630006000011234567890188' } } },
    });
    expect(bad.error!.issues[0]!.path).toEqual(['preprocessing', 'sepa', 'debtor', 'iban']);
    const withBic = (bic: string) => signatureOptionsInputSchema.safeParse({ preprocessing: { sepa: { ...sepa, debtor: { ...sepa.debtor, bic } } } });
    expect(withBic('bnpa frpp').data!.preprocessing!.sepa.debtor.bic).toBe('BNPAFRPP');
    const foreignBic = withBic('DEUTDEFF');
    expect(foreignBic.error!.issues[0]!.path).toEqual(['preprocessing', 'sepa', 'debtor', 'bic']);
    expect(foreignBic.error!.issues[0]!.message).toMatch(/^Invalid BIC: this BIC is of a bank in DE/);
  });
  it('masks an IBAN but its last 4 characters', () => {
    expect(maskIban('FR7630006000011234567890189')).toBe(`${'•'.repeat(23)}0189`);
    expect(maskIban('AB12')).toBe('AB12');
  });
});

describe('request input', () => {
  const signer = (i: number, email: string) => ({ firstname: 'F', lastname: 'L', emailAddress: email, signerIndex: i });
  it('refuses two signers with the same email or index', () => {
    const r = signatureRequestInputSchema.safeParse({ label: 'x', transactionSigners: [signer(0, 'a@example.com'), signer(0, 'a@example.com')] });
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['transactionSigners.1.emailAddress', 'transactionSigners.1.signerIndex']);
  });
  it('lists the send problems: signers, documents, placement', () => {
    expect(sendReadinessProblems({ signers: [], documents: [], contactFirstSignerBy: 'email' }).map((p) => p.field)).toEqual([
      'transactionSigners',
      'transactionDocuments',
    ]);
    const problems = sendReadinessProblems({
      signers: [
        { role: 'signer', signerIndex: 0, firstname: 'Ann', lastname: 'Lee' },
        { role: 'signer', signerIndex: 1, firstname: 'Bob', lastname: 'Ray' },
        { role: 'observer', signerIndex: 2, firstname: 'Obs', lastname: 'Erver' },
      ],
      documents: [{ documentType: 'pdf', signatureFields: [{ signerIndex: 0 }] }],
      contactFirstSignerBy: 'email',
    });
    expect(problems).toEqual([{ field: 'transactionSigners.1', rule: 'required', message: 'Place RAY Bob on at least one document.' }]);
  });
  it('needs the first signer mobile when contacting by SMS', () => {
    const problems = sendReadinessProblems({
      signers: [{ role: 'signer', signerIndex: 0, firstname: 'Ann', lastname: 'Lee', phoneNum: null }],
      documents: [{ documentType: 'pdf', signatureFields: [{ signerIndex: 0 }] }],
      contactFirstSignerBy: 'sms',
    });
    expect(problems.map((p) => p.field)).toEqual(['transactionSigners.0.phoneNum']);
  });
});

describe('state machine', () => {
  it('covers every status; only drafts can be sent; final statuses can be deleted, in-flight ones cancelled', () => {
    expect(Object.keys(signatureTransitions).sort()).toEqual([...signatureStatuses].sort());
    expect(signatureStatuses.filter((s) => allowedActions(s).includes('send'))).toEqual(['draft']);
    expect(signatureStatuses.filter((s) => allowedActions(s).includes('cancel'))).toEqual([
      'pending',
      'preprocess',
      'preprocess_access',
      'ready',
      'wait_cosigner',
    ]);
    expect(signatureStatuses.filter((s) => allowedActions(s).includes('delete'))).toEqual(['draft', 'completed', 'refused', 'canceled', 'expired', 'failed']);
    expect(invalidTransitionMessage('send', 'ready')).toBe('Cannot send a request that is ready');
  });
  it('signer transitions only name known statuses and final statuses lead nowhere', () => {
    for (const [from, tos] of Object.entries(signerTransitions)) {
      for (const to of tos) expect(signerStatuses).toContain(to);
      if (['signed', 'cancel', 'aborted', 'failed', 'expired'].includes(from)) expect(tos).toEqual([]);
    }
  });
});

describe('list filter', () => {
  it('round-trips through base64 JSON', () => {
    const encoded = encodeSignatureFilter({ status: ['ready', 'draft'], createdFrom: '2026-01-01' });
    expect(decodeSignatureFilter(encoded)).toEqual({ status: ['ready', 'draft'], createdFrom: '2026-01-01' });
    expect(signatureListQuerySchema.parse({ filter: encoded }).filter).toEqual({ status: ['ready', 'draft'], createdFrom: '2026-01-01' });
  });
  it('reports a bad filter on the field filter', () => {
    for (const filter of ['%%%', btoa('not json'), btoa('{"status":["nope"]}')]) {
      const r = signatureListQuerySchema.safeParse({ filter });
      expect(r.error!.issues[0]!.path).toEqual(['filter']);
    }
  });
});
