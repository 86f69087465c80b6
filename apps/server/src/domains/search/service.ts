import type { GlobalSearchResult, Permission, SearchHit, SearchKind } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import { searchCampaigns } from '../campaigns/index.ts';
import { searchContacts } from '../contacts/index.ts';
import { searchOperations } from '../operations/index.ts';
import { searchSignatureRequests } from '../signatures/index.ts';

interface Options {
  platform: Platform;
  actor: Actor;
  /** The search text, already normalised (undefined: shorter than 3 characters). */
  q: string | undefined;
  limit: number;
  /** Whether the caller may read a kind: its permission, and the tenant's feature behind it (the guard's rule). */
  mayRead: (permission: Permission) => boolean;
}

const name = (p: { lastname: string; firstname: string }) => `${p.lastname.toUpperCase()} ${p.firstname}`;
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/**
 * Each kind through its own domain's search (the same visibility rules as its list: the actor's descendants'
 * items unless GERANT or COMPTABLE), in parallel; only the kinds the caller may read.
 */
const searchers: Record<SearchKind, { permission: Permission; run: (o: Options & { q: string }) => Promise<SearchHit[]> }> = {
  requests: {
    permission: 'signatures.read',
    run: async (o) =>
      (await searchSignatureRequests(o)).map(({ row, signers }) => ({
        id: row.id,
        title: row.label,
        subtitle: signers.map((s) => `${name(s)} <${s.email}>`).join(', ') || null,
        status: row.status,
        createdAt: iso(row.createdAt),
      })),
  },
  campaigns: {
    permission: 'campaigns.read',
    run: async (o) =>
      (await searchCampaigns(o)).map((row) => ({ id: row.id, title: row.label, subtitle: row.type, status: row.status, createdAt: iso(row.createdAt) })),
  },
  operations: {
    permission: 'operations.read',
    run: async (o) =>
      (await searchOperations(o)).map((row) => ({ id: row.id, title: row.label, subtitle: null, status: row.status, createdAt: iso(row.createdAt) })),
  },
  contacts: {
    permission: 'phonebook.read',
    run: async (o) =>
      (await searchContacts(o)).map((row) => ({
        id: row.id,
        title: name(row),
        subtitle: [row.mail, row.company].filter(Boolean).join(' · '),
        status: null,
        createdAt: iso(row.createdAt),
      })),
  },
};

export async function globalSearch(opts: Options): Promise<GlobalSearchResult> {
  const kinds = (Object.keys(searchers) as SearchKind[]).filter((kind) => opts.mayRead(searchers[kind].permission));
  const { q } = opts;
  if (!q) return { q: null, groups: kinds.map((kind) => ({ kind, hits: [] })) };
  const groups = await Promise.all(kinds.map(async (kind) => ({ kind, hits: await searchers[kind].run({ ...opts, q }) })));
  return { q, groups };
}
