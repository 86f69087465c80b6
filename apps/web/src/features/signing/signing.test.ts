import { describe, expect, it } from 'vitest';
import { pathOf, signingPageEndpoints, type SigningPage, type SigningPageDocument } from '@paraphe/contracts';
import { fieldToPercentBox, fieldsOfPage, documentScale } from './fieldBox.ts';
import { acceptsStroke, pngBase64 } from './handwriting.ts';
import { publicApiError } from './publicFetch.ts';
import { endsThePage, padRejected } from './signingErrors.ts';
import {
  allConsentsGiven,
  chooseOptional,
  emptyConsents,
  isChoosable,
  handOverPath,
  hasLiveCode,
  outcomeTextKey,
  safeRedirect,
  screenOf,
  secondsUntil,
  signBlocker,
  signedDownloads,
  toggleConsent,
  unavailableReasonOf,
} from './signingState.ts';
import { formatCountdown } from './useNow.ts';
import de from './locales/de.json';
import en from './locales/en.json';
import fr from './locales/fr.json';

const a4 = { width: 595, height: 842 };

function doc(overrides: Partial<SigningPageDocument> = {}): SigningPageDocument {
  return {
    id: '0b6f6f0e-8a43-4c55-9a0a-6b1b2c3d4e5f',
    title: 'Contract',
    documentType: 'pdf',
    pageCount: 2,
    pages: [a4, a4],
    checkBoxTexts: [],
    fields: [],
    url: pathOf(signingPageEndpoints.document, { token: 't', docId: '1' }),
    pagesUrl: `${pathOf(signingPageEndpoints.document, { token: 't', docId: '1' })}/pages/`,
    signedUrl: null,
    ...overrides,
  };
}

function view(overrides: Partial<SigningPage> = {}): SigningPage {
  return {
    request: { label: 'Lease', status: 'ready', level: 1, testMode: false, expiresAt: null, chainingMode: 'email' },
    tenant: { company: 'Acme', themeColor: '#123456', logoUrl: null },
    language: 'en',
    signer: { firstname: 'Ada', lastname: 'Lovelace', name: 'LOVELACE Ada', role: 'signer', status: 'access', invitationMessage: null },
    turn: 'yourTurn',
    canAct: true,
    handwritten: 'disabled',
    documents: [doc()],
    code: null,
    redirects: { success: null, cancel: null, fail: null },
    canDelegate: false,
    handedOver: null,
    ...overrides,
  };
}

describe('field rectangle → CSS box', () => {
  it('turns PDF points from the bottom-left into percents from the top-left', () => {
    const box = fieldToPercentBox({ page: 1, x: 59.5, y: 84.2, width: 119, height: 84.2 }, a4);
    expect(box).toEqual({ left: '10%', top: '80%', width: '20%', height: '10%' });
  });
  it('uses the engine size when the field has none, and keeps the box on the page', () => {
    const box = fieldToPercentBox({ page: 1, x: 590, y: -20 }, a4);
    expect(box.width).toBe(`${Math.round((150 / 595) * 10000) / 100}%`);
    expect(box.left).toBe(`${Math.round(((595 - 150) / 595) * 10000) / 100}%`);
    expect(box.top).toBe(`${Math.round(((842 - 60) / 842) * 10000) / 100}%`);
  });
  it('picks the fields of a page, -1 being the last one', () => {
    const fields = [
      { page: 1, x: 0, y: 0 },
      { page: 2, x: 0, y: 0 },
      { page: -1, x: 1, y: 1 },
    ];
    expect(fieldsOfPage(fields, 2, 2)).toEqual([fields[1], fields[2]]);
    expect(fieldsOfPage(fields, 1, 2)).toEqual([fields[0]]);
  });
  it('fits the widest page to the frame, at most 1.5 pixels per point', () => {
    expect(documentScale(297.5, [a4])).toBe(0.5);
    expect(documentScale(3000, [a4])).toBe(1.5);
    expect(documentScale(0, [a4])).toBe(1);
    expect(documentScale(500, [])).toBe(1);
  });
  it('one scale for every page: an A3 page is drawn larger than an A4 page (issue 25)', () => {
    const a3 = { width: 842, height: 1191 };
    const scale = documentScale(421, [a4, a3, a4]);
    expect(scale).toBe(0.5);
    expect(a3.width * scale).toBe(421);
    expect((a3.width * scale) / (a4.width * scale)).toBeCloseTo(Math.SQRT2, 2);
  });
});

describe('handwritten pad', () => {
  it('accepts the mouse only in enabled mode, never draws when disabled', () => {
    expect(acceptsStroke('enabled', 'mouse')).toBe(true);
    expect(acceptsStroke('touchOnly', 'mouse')).toBe(false);
    expect(acceptsStroke('touchOnly', 'touch')).toBe(true);
    expect(acceptsStroke('touchOnly', 'pen')).toBe(true);
    expect(acceptsStroke('disabled', 'touch')).toBe(false);
  });
  it('sends the PNG as bare base64', () => {
    expect(pngBase64('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    expect(() => pngBase64('data:image/jpeg;base64,/9j/')).toThrow();
  });
});

describe('screen from the view', () => {
  const error = (status: number, code: string, details?: object) => publicApiError(status, { error: { code, message: code, detail: `${code} : x`, details } });

  it('says nothing about an invalid link and names why a link is unavailable', () => {
    expect(screenOf(undefined, error(404, 'LINK_INVALID'))).toEqual({ kind: 'invalid' });
    expect(screenOf(undefined, error(410, 'LINK_UNAVAILABLE', { reason: 'expired' }))).toEqual({ kind: 'unavailable', reason: 'expired' });
    expect(unavailableReasonOf(error(410, 'LINK_UNAVAILABLE', { reason: 'weird' }))).toBe('gone');
    expect(screenOf(undefined, new TypeError('network'))).toEqual({ kind: 'error' });
    expect(screenOf(undefined, null)).toEqual({ kind: 'loading' });
  });
  it('shows the invalid-link screen for a token the server cannot read, and names the suspended sender', () => {
    expect(screenOf(undefined, error(400, 'VALIDATION_FAILED'))).toEqual({ kind: 'invalid' });
    expect(screenOf(undefined, error(410, 'LINK_UNAVAILABLE', { reason: 'suspended' }))).toEqual({ kind: 'unavailable', reason: 'suspended' });
    expect(en.unavailable.suspended).toMatch(/suspended/);
  });
  it('replaces the page when a document cannot be signed, on the view or after an action', () => {
    const unsignable = error(422, 'DOCUMENT_UNSIGNABLE');
    expect(screenOf(undefined, unsignable)).toEqual({ kind: 'unsignable' });
    expect(screenOf(view(), unsignable)).toEqual({ kind: 'unsignable' });
    expect(endsThePage(unsignable)).toBe(true);
    expect(endsThePage(error(502, 'SIGNING_FAILED'))).toBe(false);
  });
  it('asks to draw again when the server refuses the drawn image', () => {
    expect(padRejected(error(400, 'IMAGE_TOO_LARGE'))).toBe(true);
    const notPng = publicApiError(400, {
      error: { code: 'VALIDATION_FAILED', message: 'm', detail: 'd', fields: [{ field: 'handwrittenPng', rule: 'invalid_value', message: 'm' }] },
    });
    expect(padRejected(notPng)).toBe(true);
    expect(padRejected(error(400, 'CODE_INVALID'))).toBe(false);
  });
  it('follows the turn and the role', () => {
    expect(screenOf(view(), null).kind).toBe('sign');
    expect(screenOf(view({ signer: { ...view().signer, role: 'validator' } }), null).kind).toBe('validate');
    expect(screenOf(view({ turn: 'waiting', canAct: false }), null).kind).toBe('waiting');
    expect(screenOf(view({ turn: 'done', canAct: false }), null).kind).toBe('done');
    expect(screenOf(view({ turn: 'refused', canAct: false }), null).kind).toBe('refused');
    expect(screenOf(view({ turn: 'observer', canAct: false }), null).kind).toBe('read');
    expect(screenOf(view({ turn: 'finished', canAct: false }), null).kind).toBe('read');
  });
});

describe('consents and the Sign button', () => {
  const docs = [doc({ checkBoxTexts: ['I read it', 'I agree'] }), doc({ checkBoxTexts: [] }), doc({ checkBoxTexts: ['Terms'] })];
  it('needs every box of every document ticked', () => {
    let consents = emptyConsents(docs);
    expect(consents).toEqual([[false, false], [], [false]]);
    consents = toggleConsent(toggleConsent(consents, 0, 0, true), 0, 1, true);
    expect(allConsentsGiven(docs, consents)).toBe(false);
    consents = toggleConsent(consents, 2, 0, true);
    expect(allConsentsGiven(docs, consents)).toBe(true);
    expect(allConsentsGiven(docs, toggleConsent(consents, 0, 1, false))).toBe(false);
  });
  it('asks for the drawing only in touch-only mode, after the consents', () => {
    const v = view({ documents: docs, handwritten: 'touchOnly' });
    const all = [[true, true], [], [true]];
    expect(signBlocker(v, emptyConsents(docs), null)).toBe('consents');
    expect(signBlocker(v, all, null)).toBe('handwritten');
    expect(signBlocker(v, all, 'iVBOR')).toBeNull();
    expect(signBlocker({ ...v, handwritten: 'enabled' }, all, null)).toBeNull();
  });
  it('asks the consents of an optional document only once the signer chooses to sign it', () => {
    const field = { name: 'signer', page: 1, x: 0, y: 0, width: 150, height: 60 };
    const optional = doc({ id: 'annex', documentType: 'pdf-optional', checkBoxTexts: ['I accept the annex'], fields: [field] });
    const withOptional = [doc({ fields: [field] }), optional];
    expect(isChoosable(optional)).toBe(true);
    expect(isChoosable(doc({ documentType: 'pdf-optional' }))).toBe(false); // no field of this signer: nothing to choose
    expect(allConsentsGiven(withOptional, [[], [false]])).toBe(true);
    const chosen = chooseOptional(new Set(), 'annex', true);
    expect([...chosen]).toEqual(['annex']);
    expect(allConsentsGiven(withOptional, [[], [false]], chosen)).toBe(false);
    expect(signBlocker(view({ documents: withOptional }), [[], [false]], null, chosen)).toBe('consents');
    expect(allConsentsGiven(withOptional, [[], [true]], chosen)).toBe(true);
    expect([...chooseOptional(chosen, 'annex', false)]).toEqual([]);
  });
  it('offers downloads only for documents with a signed version', () => {
    const v = view({ documents: [doc({ signedUrl: '/s/1' }), doc({ id: 'x', title: 'Annex' })] });
    expect(signedDownloads(v)).toEqual([{ id: doc().id, title: 'Contract', url: '/s/1' }]);
  });
});

describe('code step timing', () => {
  const now = Date.parse('2026-01-01T10:00:00Z');
  it('counts down to the next allowed code', () => {
    expect(secondsUntil('2026-01-01T10:00:42.300Z', now)).toBe(43);
    expect(secondsUntil('2026-01-01T09:59:00Z', now)).toBe(0);
    expect(secondsUntil(null, now)).toBe(0);
    expect(formatCountdown(65)).toBe('1:05');
  });
  it('reuses a live code instead of sending another', () => {
    const code = {
      channel: 'sms' as const,
      destination: '+33 6•• •78',
      sentAt: '2026-01-01T09:58:00Z',
      expiresAt: '2026-01-01T10:08:00Z',
      triesLeft: 3,
      resendsLeft: 2,
      resendAvailableAt: null,
    };
    expect(hasLiveCode(code, now)).toBe(true);
    expect(hasLiveCode({ ...code, triesLeft: 0 }, now)).toBe(false);
    expect(hasLiveCode({ ...code, expiresAt: '2026-01-01T09:59:59Z' }, now)).toBe(false);
    expect(hasLiveCode({ ...code, sentAt: null }, now)).toBe(false);
    expect(hasLiveCode(null, now)).toBe(false);
  });
});

describe('redirects and translations', () => {
  it('follows only web addresses', () => {
    expect(safeRedirect('https://acme.example/thanks')).toBe('https://acme.example/thanks');
    expect(safeRedirect('javascript:alert(1)')).toBeNull();
    expect(safeRedirect('not a url')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
  it('has the same keys in French and English', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });
});

describe('outcome message', () => {
  it('tells whether the request is still running, being finalised or complete', () => {
    expect(outcomeTextKey({ outcome: 'signed', requestStatus: 'ready' })).toBe('result.signed.text');
    expect(outcomeTextKey({ outcome: 'approved', requestStatus: 'signed' })).toBe('result.finalising');
    expect(outcomeTextKey({ outcome: 'signed', requestStatus: 'completed' })).toBe('result.completed');
    expect(outcomeTextKey({ outcome: 'refused', requestStatus: 'refused' })).toBe('result.refused.text');
  });
});

describe('signer language', () => {
  it("shows each language its own texts (the signer's: German here)", async () => {
    const { i18n, loadNamespaces, registerNamespace } = await import('../../shared/i18n/i18n.ts');
    const { signingFeature } = await import('./index.ts');
    registerNamespace(signingFeature.namespace, import.meta.glob('./locales/*.json', { import: 'default' }));
    await loadNamespaces(signingFeature.namespace);
    await i18n.loadLanguages(['fr', 'en', 'de']); // the page switches to the signer's language (complete: no fallback)
    expect(i18n.getFixedT('fr', 'signing')('invalid.title')).toBe(fr.invalid.title);
    expect(i18n.getFixedT('en', 'signing')('invalid.title')).toBe(en.invalid.title);
    expect(i18n.getFixedT('de', 'signing')('testMode')).toBe(de.testMode);
    expect(i18n.getFixedT('en', 'signing')('code.triesLeft', { count: 1 })).toBe('1 try left');
  });
});

describe('face to face hand-over', () => {
  it("opens the next participant's own page on this device, or nothing", () => {
    expect(handOverPath({ nextSigner: { name: 'MARTIN Anne', token: 'eyJy.abc_-' } })).toBe('/sign/eyJy.abc_-');
    expect(handOverPath({ nextSigner: null })).toBeNull();
    expect(handOverPath({})).toBeNull();
  });
});
