import { describe, expect, it } from 'vitest';
import { coverageKey } from './coverage.ts';

describe('the "Document" line of a verified signature (issue 25 item 16)', () => {
  it('never says "content unchanged" next to "Integrity: altered"', () => {
    expect(coverageKey({ integrity: false, coversWholeDocument: false, modifiedAfterSigning: false })).toBe('report.changedAfter');
  });

  it('says "content unchanged" only for an intact signature extended by later revisions', () => {
    expect(coverageKey({ integrity: true, coversWholeDocument: false, modifiedAfterSigning: false })).toBe('report.laterRevisions');
    expect(coverageKey({ integrity: true, coversWholeDocument: false, modifiedAfterSigning: true })).toBe('report.changedAfter');
    expect(coverageKey({ integrity: true, coversWholeDocument: true, modifiedAfterSigning: false })).toBe('report.wholeDocument');
  });
});
