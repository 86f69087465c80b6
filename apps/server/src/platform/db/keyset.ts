/**
 * Walks rows page by page on an increasing key (keyset pagination: each page starts after the last key of the one
 * before, so 100,000 rows never sit in memory and an insert does not shift the pages). `fetch(after)` answers the
 * next page, each page in its own short transaction if the caller wants; the walk ends on an empty page.
 */
export async function* pagesAfter<T>(fetch: (after: number) => Promise<T[]>, keyOf: (row: T) => number, start = -1): AsyncGenerator<T[]> {
  for (let after = start; ;) {
    const rows = await fetch(after);
    if (!rows.length) return;
    yield rows;
    after = keyOf(rows.at(-1)!);
  }
}
