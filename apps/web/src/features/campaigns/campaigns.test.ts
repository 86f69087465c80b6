import { describe, expect, it } from 'vitest';
import { canCancelSignatory, formatEta, formatRate, percentSigned, saveRuleOf, screenActions } from './campaignScreen.ts';
import { campaignFormData, typedSignatoryProblems, type TypedSignatory } from './campaignForm.ts';

const subject = (status: Parameters<typeof screenActions>[0]['status'], failedCount = 0, archiveAvailable = false) => ({
  status,
  failedCount,
  archiveAvailable,
});

describe('screenActions', () => {
  it('offers edit, send, export, duplicate and delete on a draft', () => {
    expect(screenActions(subject('draft'), true)).toEqual(['edit', 'send', 'export', 'duplicate', 'delete']);
  });
  it('offers cancel, relaunch and the archive once sent; retry only with failed rows', () => {
    expect(screenActions(subject('ready'), true)).toEqual(['relaunch', 'archive', 'export', 'duplicate', 'cancel']);
    expect(screenActions(subject('ready', 2), true)).toContain('retry');
  });
  it('while being sent: cancel (no relaunch, no send)', () => {
    const actions = screenActions(subject('pending'), true);
    expect(actions).toContain('cancel');
    expect(actions).not.toContain('relaunch');
    expect(actions).not.toContain('send');
  });
  it('adds the download once an archive exists, also for readers; readers get no command', () => {
    expect(screenActions(subject('completed', 0, true), false)).toEqual(['downloadArchive', 'export']);
  });
  it('offers nothing on a deleted campaign', () => {
    expect(screenActions(subject('deleted'), true)).toEqual([]);
  });
});

describe('canCancelSignatory', () => {
  it('allows a copy still out, never a final one, and nothing on a finished campaign', () => {
    expect(canCancelSignatory('ready', 'sent')).toBe(true);
    expect(canCancelSignatory('ready', 'signed')).toBe(false);
    expect(canCancelSignatory('draft', 'draft')).toBe(true);
    expect(canCancelSignatory('completed', 'sent')).toBe(false);
  });
});

describe('formatEta and formatRate', () => {
  it('words the time left shortly', () => {
    expect(formatEta(null)).toBeUndefined();
    expect(formatEta(44.2)).toBe('45 s');
    expect(formatEta(120)).toBe('2 min');
    expect(formatEta(200)).toBe('3 min 20 s');
    expect(formatEta(3900)).toBe('1 h 05 min');
  });
  it('keeps a decimal only for slow rates', () => {
    expect(formatRate(null)).toBeUndefined();
    expect(formatRate(4.25)).toBe('4.3');
    expect(formatRate(1234.6)).toBe('1235');
  });
});

describe('percentSigned', () => {
  it('is 0 without signatories, rounded otherwise', () => {
    const counts = { draft: 0, queued: 0, sent: 0, opened: 0, signed: 1, refused: 0, expired: 0, canceled: 0, failed: 0 };
    expect(percentSigned({ signatoryCount: 0, counts })).toBe(0);
    expect(percentSigned({ signatoryCount: 3, counts })).toBe(33);
  });
});

describe('saveRuleOf', () => {
  it('names the spec §5 rule of a server field', () => {
    expect(saveRuleOf({ field: 'label', rule: 'required', message: '' })).toBe('label');
    expect(saveRuleOf({ field: 'transactionSigners', rule: 'required', message: '' })).toBe('signatories');
    expect(saveRuleOf({ field: 'transactionDocuments.0.signatureFields', rule: 'required', message: '' })).toBe('documents');
    expect(saveRuleOf({ field: 'optionsRequest.expiryDays', rule: 'too_big', message: '' })).toBe('other');
  });
});

describe('typed signatories', () => {
  const ada: TypedSignatory = { key: 'a', firstname: 'Ada', lastname: 'Lovelace', emailAddress: 'ada@example.com', phoneNum: '' };
  it('refuses missing names, a bad e-mail or mobile, and an e-mail already listed', () => {
    expect(typedSignatoryProblems({ firstname: '', lastname: ' ', emailAddress: 'nope', phoneNum: '0612' }, [])).toEqual([
      'firstname',
      'lastname',
      'emailAddress',
      'phoneNum',
    ]);
    expect(typedSignatoryProblems({ ...ada, emailAddress: 'ADA@example.com' }, [ada])).toEqual(['duplicate']);
    expect(typedSignatoryProblems({ ...ada, phoneNum: '+33612345678' }, [])).toEqual([]);
  });
  it('builds the multipart parts; an update without signatories or files leaves them out', () => {
    const options = { language: 'fr' as const };
    const created = campaignFormData({ label: ' Q3 ', description: '', options, send: true, signatories: [ada], documents: { inputs: [], files: [] } });
    expect(created.get('label')).toBe('Q3');
    expect(JSON.parse(String(created.get('transactionRequest')))).toEqual({ send: true });
    expect(JSON.parse(String(created.get('transactionSigners')))).toEqual([
      { firstname: 'Ada', lastname: 'Lovelace', emailAddress: 'ada@example.com', phoneNum: null },
    ]);
    // A HubSpot contact picked keeps its id as the signatory's connector.
    const linked = campaignFormData({
      label: 'Q3',
      description: '',
      options,
      send: false,
      signatories: [{ ...ada, connectorIdc: '901' }],
      documents: { inputs: [], files: [] },
    });
    expect(JSON.parse(String(linked.get('transactionSigners')))[0].connector).toEqual({ idc: '901' });
    const updated = campaignFormData({ label: 'Q3', description: 'd', options, send: false });
    expect(updated.has('transactionSigners')).toBe(false);
    expect(updated.has('transactionDocuments')).toBe(false);
  });
});
