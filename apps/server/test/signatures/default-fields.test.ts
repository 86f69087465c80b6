import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, makePdf, signer, tenantWithGerant } from '../support/signatures.ts';

type Field = { page: number; x: number; y: number; width: number; height: number; signerIndex: number };
const overlap = (a: Field, b: Field) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** Long names in several scripts: the visible signatures must not run into each other. */
const longNames: [string, string][] = [
  ['Ελένη', 'Παπαδοπούλου-Χατζηγεωργίου'],
  ['محمد بن عبد الرحمن', 'آل سعود'],
  ['Maximilian-Alexander', 'von Hohenzollern-Sigmaringen'],
  ['דוד', 'בן־גוריון'],
  ['山田', '太郎'],
];

describe(`default signature fields never overlap (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  beforeAll(async () => {
    t = await createTestContext();
    gerant = (await tenantWithGerant(t)).client;
  });
  afterAll(async () => t?.close());

  const defaultFieldsOf = async (signerCount: number) => {
    const signers = Array.from({ length: signerCount }, (_, i) => signer(i, longNames[i] ? { firstname: longNames[i][0], lastname: longNames[i][1] } : {}));
    const body = await draft(t, gerant, { signers, documents: [], files: [{ fileName: 'annex.pdf', data: await makePdf(1) }] });
    const doc = (await (await gerant.call('GET', `/api/transactions/${body.id}/documents`, 'history')).json()).data[0];
    return doc.signatureFields as Field[];
  };

  it('five signers with long names in five scripts: five fields, none overlapping, all on an A4 page, each 150 × 60', async () => {
    const fields = await defaultFieldsOf(5);
    expect(fields.map((f) => f.signerIndex)).toEqual([0, 1, 2, 3, 4]);
    for (const [i, a] of fields.entries()) {
      expect(a).toMatchObject({ page: -1, width: 150, height: 60 });
      expect(a.x + a.width).toBeLessThanOrEqual(595);
      expect(a.y + a.height).toBeLessThanOrEqual(842);
      for (const b of fields.slice(i + 1)) expect(overlap(a, b), `${a.signerIndex} / ${b.signerIndex}`).toBe(false);
    }
  });

  it('fifty signers: fifty fields on the page, none overlapping, none smaller than 110 × 44', async () => {
    const fields = await defaultFieldsOf(50);
    expect(fields).toHaveLength(50);
    for (const [i, a] of fields.entries()) {
      expect(a.width).toBeGreaterThanOrEqual(110);
      expect(a.height).toBeGreaterThanOrEqual(44);
      expect(a.x + a.width).toBeLessThanOrEqual(595);
      expect(a.y + a.height).toBeLessThanOrEqual(842);
      for (const b of fields.slice(i + 1)) expect(overlap(a, b), `${a.signerIndex} / ${b.signerIndex}`).toBe(false);
    }
  });
});
