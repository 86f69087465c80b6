import { describe, expect, it } from 'vitest';
import { documentMatcher } from './documentNames.ts';

describe('documentMatcher', () => {
  const nfc = '\u00c9ch\u00e9ancier.pdf';
  const match = documentMatcher([nfc, 'Contract-A.pdf', 'Case.pdf', 'CASE.pdf']);

  it('matches exactly, across NFC/NFD spellings and case when one file matches', () => {
    expect(match('Contract-A.pdf')).toEqual({ fileName: 'Contract-A.pdf' });
    expect(match(` ${nfc.normalize('NFD')} `)).toEqual({ fileName: nfc });
    expect(match('contract-a.PDF')).toEqual({ fileName: 'Contract-A.pdf' });
    expect(match('\u00e9ch\u00e9ancier.pdf'.normalize('NFD'))).toEqual({ fileName: nfc });
    expect(match('CASE.pdf')).toEqual({ fileName: 'CASE.pdf' });
  });

  it('names what is wrong otherwise', () => {
    expect(match('')).toEqual({ problem: 'document_missing' });
    expect(match('../x.pdf')).toEqual({ problem: 'document_path' });
    expect(match('dir/Contract-A.pdf')).toEqual({ problem: 'document_path' });
    expect(match('C:\\docs\\Contract-A.pdf')).toEqual({ problem: 'document_path' });
    expect(match('..')).toEqual({ problem: 'document_path' });
    expect(match('case.pdf')).toEqual({ problem: 'document_ambiguous' });
    expect(match('absent.pdf')).toEqual({ problem: 'document_not_uploaded' });
  });
});
