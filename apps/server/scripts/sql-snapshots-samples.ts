// Sample arguments for the SQL snapshots (scripts/sql-snapshots.ts) where the parameters' declared types do not
// say enough to make a query: keep it small, most functions need nothing here.
import type { Samples } from './sql-snapshots-capture.ts';
import { campaignTables } from '../src/domains/campaigns/repository.ts';

// A counter move needs two real statuses (a generated one moves a counter onto itself: no statement).
const oneMove = (from: string, to: string) => [{ from, to, n: 1 }];

export const samples: Samples = {
  types: {
    // The bulk engine's queries run over a domain's tables: the campaigns' stand for both users of the engine.
    BulkTables: () => campaignTables,
  },
  functions: {
    'domains/bulk/repository.ts: bumpCounters': (db) => [db, campaignTables, 'app', 'holder', oneMove('queued', 'sent')],
    'domains/campaigns/repository.ts: bump': (db) => [db, 'app', 'campaign', oneMove('queued', 'sent')],
    'domains/operations/repository.ts: bump': (db) => [db, 'app', 'operation', oneMove('pending', 'ready')],
  },
};
