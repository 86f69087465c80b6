import { describe, expect, it } from 'vitest';
import { decodeSignatureFilter } from '@paraphe/contracts';
import { readListParams } from '../common/listParams.ts';
import { exportQueryOf, signatureListQuery, statusesOf } from './listQuery.ts';
import {
  addField,
  applyToAllPages,
  arrowDelta,
  clampToPage,
  fieldSize,
  fieldsOnPage,
  pdfToScreen,
  remapSignerIndexes,
  resolvePage,
  screenToPdf,
  withDefaultFields,
} from './fieldGeometry.ts';

const a4 = { width: 595, height: 842 };

describe('signature list query', () => {
  it('sends the statuses as the base64 JSON filter, with search from 3 characters and DESC', () => {
    const query = signatureListQuery(readListParams(new URLSearchParams('q=du&status=draft,ready,bogus&page=2&size=20'), ['status']));
    expect(query).toMatchObject({ limit: 20, offset: 20, order: 'DESC', search: undefined });
    expect(query.status).toBeUndefined();
    expect(decodeSignatureFilter(String(query.filter))).toEqual({ status: ['draft', 'ready'] });
  });
  it('sends no filter without a status, and the export drops the page', () => {
    const query = signatureListQuery(readListParams(new URLSearchParams('q=dupont'), ['status']));
    expect(query.filter).toBeUndefined();
    expect(query.search).toBe('dupont');
    expect(exportQueryOf(query)).toEqual({ order: 'DESC', search: 'dupont' });
  });
  it('ignores unknown statuses', () => {
    expect(statusesOf('signed, nope,completed')).toEqual(['signed', 'completed']);
    expect(statusesOf(undefined)).toEqual([]);
  });
});

describe('signature field coordinates (PDF points, origin bottom-left)', () => {
  it('puts a field at the bottom-left of the page at the bottom-left of the screen', () => {
    expect(pdfToScreen({ x: 0, y: 0 }, a4, 2)).toEqual({ left: 0, top: (842 - 60) * 2, width: 300, height: 120 });
  });
  it('converts back and forth', () => {
    const box = pdfToScreen({ x: 70, y: 70 }, a4, 1.5);
    expect(screenToPdf(box.left, box.top, a4, 1.5)).toEqual({ x: 70, y: 70 });
  });
  it('keeps the whole field on the page', () => {
    expect(clampToPage({ x: -20, y: 900 }, a4)).toEqual({ x: 0, y: 842 - fieldSize.height });
    expect(screenToPdf(10_000, -50, a4, 1)).toEqual({ x: 595 - fieldSize.width, y: 842 - fieldSize.height });
  });
  it('reads page -1 as the last page', () => {
    expect(resolvePage(-1, 4)).toBe(4);
    expect(resolvePage(2, 4)).toBe(2);
    const fields = [
      { page: -1, name: 'signer', x: 0, y: 0, signerIndex: 0 },
      { page: 1, name: 'signer', x: 0, y: 0, signerIndex: 1 },
    ];
    expect(fieldsOnPage(fields, 3, 3)).toEqual([0]);
    expect(fieldsOnPage(fields, 1, 3)).toEqual([1]);
  });
  it('moves with the arrows, up meaning higher on the page', () => {
    expect(arrowDelta('ArrowUp', false)).toEqual({ dx: 0, dy: 1 });
    expect(arrowDelta('ArrowLeft', true)).toEqual({ dx: -10, dy: 0 });
    expect(arrowDelta('Enter', false)).toBeNull();
  });
});

describe('signature field placement', () => {
  const signers = [{ role: 'signer' }, { role: 'observer' }, { role: 'signer' }];
  it('gives the default position only to signers without a field', () => {
    const existing = [{ page: 1, name: 'signer', x: 10, y: 10, signerIndex: 0 }];
    const fields = withDefaultFields(existing, signers);
    // defaultSignatureFields(3): x = 70 + slot * 415/3; signer 2 → 70 + 276.67 ≈ 347.
    expect(fields).toEqual([...existing, { page: -1, name: 'signer', x: 347, y: 70, signerIndex: 2 }]);
  });
  it('adds a centred field on the chosen page', () => {
    expect(addField([], 1, 2, a4)).toEqual([{ page: 2, name: 'signer', signerIndex: 1, x: Math.round((595 - 150) / 2), y: Math.round((842 - 60) / 2) }]);
  });
  it('applies a field to every page, replacing that signer’s other fields only', () => {
    const fields = [
      { page: 1, name: 'signer', x: 5, y: 6, signerIndex: 0 },
      { page: 3, name: 'signer', x: 1, y: 1, signerIndex: 0 },
      { page: 2, name: 'signer', x: 9, y: 9, signerIndex: 1 },
    ];
    const result = applyToAllPages(fields, 0, 3);
    expect(result.filter((f) => f.signerIndex === 0).map((f) => [f.page, f.x, f.y])).toEqual([[1, 5, 6], [2, 5, 6], [3, 5, 6]]);
    expect(result.filter((f) => f.signerIndex === 1)).toHaveLength(1);
  });
  it('follows the signers when they are reordered or removed, keeping the stamp', () => {
    const fields = [
      { page: 1, name: 'signer', x: 0, y: 0, signerIndex: 0 },
      { page: 1, name: 'signer', x: 0, y: 0, signerIndex: 1 },
      { page: 1, name: 'cachet', x: 0, y: 0, signerIndex: -1 },
    ];
    expect(remapSignerIndexes(fields, [-1, 0]).map((f) => f.signerIndex)).toEqual([0, -1]);
    expect(remapSignerIndexes(fields, [1, 0]).map((f) => f.signerIndex)).toEqual([1, 0, -1]);
  });
});
