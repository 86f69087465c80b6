import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFDict } from 'pdf-lib';
import { makePng } from '../../../test/settings/support.ts';
import { buildAttestation, type AttestationInput } from './attestation.ts';

const input: AttestationInput = {
  company: 'Acme Signatures',
  testMode: false,
  generatedAt: new Date('2026-01-02T03:04:05Z'),
  request: { id: 'r1', label: 'Contract', level: 1, requester: 'Ann', sentAt: null, completedAt: new Date('2026-01-02T03:04:05Z') },
  signers: [],
  documents: [],
  events: [],
  chain: { valid: true, lastHash: null },
};

/** Image XObjects of the first page. */
async function imagesOf(bytes: Uint8Array): Promise<number> {
  const page = (await PDFDocument.load(bytes)).getPage(0);
  const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return xObjects ? xObjects.keys().length : 0;
}

describe('evidence file and the tenant logo', () => {
  it('draws the logo at the top of the first page when the tenant has one', async () => {
    expect(await imagesOf(await buildAttestation(input, 'fr'))).toBe(0);
    expect(await imagesOf(await buildAttestation({ ...input, logo: { bytes: makePng(240, 200), type: 'image/png' } }, 'fr'))).toBe(1);
  });
});
