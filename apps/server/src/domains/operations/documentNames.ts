/**
 * Which pool file an order row names (docs/operations.md "Import"). A spreadsheet is typed by people on several
 * systems: macOS spells "É" as E + a combining accent (NFD) where Windows uses one code point (NFC), and people
 * type "contract.PDF" for "Contract.pdf". So a name matches the pool's file exactly, else after Unicode
 * normalisation (NFC), else case-insensitively — the last two only when a single pool file matches. The order
 * then names the pool's own spelling, the file that will be signed.
 */
export type DocumentProblem = 'document_missing' | 'document_path' | 'document_not_uploaded' | 'document_ambiguous';
export type DocumentMatch = { fileName: string } | { problem: DocumentProblem };

const nfc = (name: string) => name.normalize('NFC');
const folded = (name: string) => nfc(name).toLocaleLowerCase('und');

/** A folder part, or a name that is only dots: a path, not the name of an uploaded file. */
const isPath = (name: string) => /[/\\]/.test(name) || /^\.+$/.test(name);

/** The matcher of a pool's file names. */
export function documentMatcher(poolNames: readonly string[]): (cell: string) => DocumentMatch {
  const exact = new Set(poolNames);
  const group = (key: (name: string) => string) => {
    const groups = new Map<string, string[]>();
    for (const name of poolNames) groups.set(key(name), [...(groups.get(key(name)) ?? []), name]);
    return groups;
  };
  const byNfc = group(nfc);
  const byFolded = group(folded);
  return (cell) => {
    const name = cell.trim();
    if (!name) return { problem: 'document_missing' };
    if (isPath(name)) return { problem: 'document_path' };
    if (exact.has(name)) return { fileName: name };
    for (const candidates of [byNfc.get(nfc(name)), byFolded.get(folded(name))]) {
      if (candidates?.length === 1) return { fileName: candidates[0]! };
      if (candidates && candidates.length > 1) return { problem: 'document_ambiguous' };
    }
    return { problem: 'document_not_uploaded' };
  };
}
