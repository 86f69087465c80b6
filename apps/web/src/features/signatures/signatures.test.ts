import { describe, expect, it } from 'vitest';
import { decodeSignatureFilter } from '@paraphe/contracts';
import { readListParams } from '../../shared/list/listParams.ts';
import { exportQueryOf, signatureListQuery, statusesOf } from './listQuery.ts';
import {
  addField,
  applyToAllPages,
  arrowDelta,
  clampToPage,
  fieldSize,
  fieldsOnPage,
  pdfToScreen,
  moveField,
  remapSignerIndexes,
  resizeDelta,
  resizeField,
  resolvePage,
  screenToPdf,
  withDefaultFields,
} from './fieldGeometry.ts';

const a4 = { width: 595, height: 842 };

describe('signature list query', () => {
  it('sends the statuses as the base64 JSON filter, with search from 3 characters and DESC', () => {
    const query = signatureListQuery(readListParams(new URLSearchParams('q=du&status=draft,ready,bogus&page=2&size=20'), ['status']));
    expect(query).toMatchObject({ limit: 20, offset: 20, order: 'DESC', search: undefined });
    expect((query as Record<string, unknown>).status).toBeUndefined();
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

describe('signature field size (PDF points)', () => {
  const field = { page: 1, name: 'signer', x: 100, y: 200, width: 150, height: 60, signerIndex: 0 };
  it('draws a field at its own size, and a field without one at 150 × 60', () => {
    expect(pdfToScreen({ x: 10, y: 20, width: 200, height: 100 }, a4, 2)).toEqual({ left: 20, top: (842 - 20 - 100) * 2, width: 400, height: 200 });
    expect(pdfToScreen({ x: 10, y: 20 }, a4, 1)).toMatchObject({ width: 150, height: 60 });
  });
  it('keeps the top-left corner when resizing: the PDF y (bottom edge) follows the height', () => {
    expect(resizeField([field], 0, { width: 220.4, height: 90 }, a4)).toEqual([{ ...field, width: 220, height: 90, y: 170 }]);
    expect(resizeField([field], 0, { width: 100, height: 40 }, a4)).toEqual([{ ...field, width: 100, height: 40, y: 220 }]);
  });
  it('keeps the size within the contract bounds (20..600 × 10..300) and the page', () => {
    expect(resizeField([field], 0, { width: 5, height: 2 }, a4)[0]).toMatchObject({ width: 20, height: 10, y: 250 });
    // Right edge of the page: 595 - 100; top edge of the field stays at 260, so at most 260 high.
    expect(resizeField([field], 0, { width: 900, height: 900 }, a4)[0]).toMatchObject({ width: 495, height: 260, y: 0 });
    const big = { width: 2000, height: 2000 };
    expect(resizeField([{ ...field, x: 0, y: 1500 }], 0, { width: 900, height: 900 }, big)[0]).toMatchObject({ width: 600, height: 300 });
  });
  it('moves a resized field within the page by its own size', () => {
    const wide = { ...field, width: 300, height: 100 };
    expect(moveField([wide], 0, { x: 500, y: 800 }, a4)[0]).toMatchObject({ x: 595 - 300, y: 842 - 100 });
    expect(screenToPdf(10_000, -50, a4, 1, { width: 300, height: 100 })).toEqual({ x: 595 - 300, y: 842 - 100 });
  });
  it('resizes with Alt + arrows: right wider, down taller, Shift by 10', () => {
    expect(resizeDelta('ArrowRight', false)).toEqual({ dw: 1, dh: 0 });
    expect(resizeDelta('ArrowDown', true)).toEqual({ dw: 0, dh: 10 });
    expect(resizeDelta('ArrowUp', false)).toEqual({ dw: 0, dh: -1 });
    expect(resizeDelta('Tab', false)).toBeNull();
  });
});

describe('signature field placement', () => {
  const signers = [{ role: 'signer' }, { role: 'observer' }, { role: 'signer' }];
  it('gives the default position only to signers without a field', () => {
    const existing = [{ page: 1, name: 'signer', x: 10, y: 10, signerIndex: 0 }];
    const fields = withDefaultFields(existing, signers);
    // defaultSignatureFields(3): a row of three 150-wide fields 10 apart from x = 70; signer 2 → 70 + 2 × 160.
    expect(fields).toEqual([...existing, { page: -1, name: 'signer', x: 390, y: 70, width: 150, height: 60, signerIndex: 2 }]);
  });
  it('adds a centred field on the chosen page', () => {
    expect(addField([], 1, 2, a4)).toEqual([
      { page: 2, name: 'signer', signerIndex: 1, x: Math.round((595 - 150) / 2), y: Math.round((842 - 60) / 2), width: 150, height: 60 },
    ]);
  });
  it('applies a field to every page, replacing that signer’s other fields only', () => {
    const fields = [
      { page: 1, name: 'signer', x: 5, y: 6, width: 200, height: 80, signerIndex: 0 },
      { page: 3, name: 'signer', x: 1, y: 1, signerIndex: 0 },
      { page: 2, name: 'signer', x: 9, y: 9, signerIndex: 1 },
    ];
    const result = applyToAllPages(fields, 0, 3);
    expect(result.filter((f) => f.signerIndex === 0).map((f) => [f.page, f.x, f.y, f.width, f.height])).toEqual([
      [1, 5, 6, 200, 80],
      [2, 5, 6, 200, 80],
      [3, 5, 6, 200, 80],
    ]);
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
