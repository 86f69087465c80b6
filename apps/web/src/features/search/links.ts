import type { SearchHit, SearchKind } from '@paraphe/contracts';

/** Where a hit opens: its own view (a contact: the address book filtered on its e-mail, readable by everyone). */
export function hitLink(kind: SearchKind, hit: SearchHit): string {
  switch (kind) {
    case 'requests':
      return `/signatures/view/${hit.id}`;
    case 'campaigns':
      return `/${hit.subtitle === 'publipostage' ? 'publipostage' : 'campaigns'}/view/${hit.id}`;
    case 'operations':
      return `/batches/view/${hit.id}`;
    case 'contacts':
      return `/phonebooks/list?q=${encodeURIComponent(hit.subtitle?.split(' · ')[0] ?? hit.title)}`;
  }
}
