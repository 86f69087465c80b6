import { normalizeSearch } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { Options, holderAccess } from './access.ts';
import type { BulkHolder, BulkJobOf, BulkKind, BulkRow } from './kind.ts';
import { cancelHolder, queueArchive, queueRelaunch, retryFailedRows } from './lifecycle.ts';

type Access<H, A extends string> = Pick<
  ReturnType<typeof holderAccess<H & { id: string; status: string; documentsPurgedAt: Date | null }, string, A>>,
  'act' | 'record'
>;

/**
 * The actions every holder's service offers alike, each in one transaction on the visible holder, checked against
 * its status and audited `<source>.<action>`: cancel, retry the failed rows, relaunch the waiting signers, and
 * request the archive. The domain says what differs: how many wait, whether requests were made, its words, its event.
 */
export function holderActions<H extends BulkHolder, A extends string, J extends BulkJobOf>(o: {
  kind: BulkKind<BulkHolder, BulkRow, string, J>;
  access: Access<H, A>;
  /** What the audit of a retry counts: 'signatories', 'orders'. */
  rowsNoun: string;
  /** The rows whose signers a relaunch reminds. */
  waitingOf(row: H): number;
  /** Whether a cancel has requests to cancel (the cancel job). */
  requestsMade(row: H): boolean;
  /** The refusals when a retry or a relaunch has nothing to do. */
  nothing: { retry: string; relaunch: string };
  /** The holder's event of a cancel (in its transaction). */
  canceled(tx: Tx, platform: Platform, row: H, by: string): Promise<void>;
}) {
  const { kind, access } = o;
  const action = (name: string) => name as A;
  const audit = (name: string) => `${kind.source}.${name}`;

  async function cancel(opts: Options & { id: string }) {
    const { platform, actor } = opts;
    await access.act(opts, action('cancel'), async (tx, row) => {
      await cancelHolder(tx, platform, kind, row, actor.realUserId, o.requestsMade(row));
      await access.record(tx, actor, audit('canceled'), row.id);
      await o.canceled(tx, platform, row, actor.realUserId);
    });
  }

  /** The failed rows without a request back in the queue, the dispatch job again; how many. */
  function retry(opts: Options & { id: string }): Promise<number> {
    const { platform, actor } = opts;
    return access.act(opts, action('retry'), async (tx, row) => {
      const n = await retryFailedRows(tx, platform, kind, row, o.nothing.retry);
      await access.record(tx, actor, audit('retried'), row.id, { [o.rowsNoun]: n });
      return n;
    });
  }

  /** The waiting rows' signers reminded by the relaunch job; how many. */
  function relaunch(opts: Options & { id: string }): Promise<number> {
    const { platform, actor } = opts;
    return access.act(opts, action('relaunch'), async (tx, row) => {
      const waiting = await queueRelaunch(tx, platform, kind, row, actor.realUserId, o.waitingOf(row), o.nothing.relaunch);
      await access.record(tx, actor, audit('relaunched'), row.id);
      return waiting;
    });
  }

  /** The archive job queued (not locking the holder: the job reads it). */
  async function requestArchive(opts: Options & { id: string }) {
    const { platform, actor } = opts;
    await access.act(opts, action('archive'), (tx, row) => queueArchive(tx, platform, kind, row, actor.userId), false);
  }

  return { cancel, retry, relaunch, requestArchive };
}

/** The global search over a domain's holders: its list searched, newest first (a blank search finds nothing). */
export function holderSearch<R, F>(list: (opts: Options & { filter: F }) => Promise<{ rows: R[] }>) {
  return async (opts: Options & { q: string; limit: number }): Promise<R[]> => {
    const search = normalizeSearch(opts.q);
    if (!search) return [];
    return (await list({ ...opts, filter: { search, limit: opts.limit, offset: 0, order: 'DESC' } as F })).rows;
  };
}
