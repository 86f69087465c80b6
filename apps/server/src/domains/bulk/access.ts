import type { Actor, Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { assertNotPurged } from '../signatures/index.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { displayNamesOf, ownerScope } from '../users/index.ts';

export interface Options {
  platform: Platform;
  actor: Actor;
}

export type Scope = Awaited<ReturnType<typeof ownerScope>>;

interface Guarded<S extends string> {
  id: string;
  status: S;
  documentsPurgedAt: Date | null;
}

/**
 * Who sees a domain's holders and what they may do with one: GERANT and COMPTABLE see the tenant's, the others their
 * own and their descendants'; an action is checked against the holder's status (the contracts' table), and one that
 * needs its files is refused with 410 DOCUMENT_PURGED once the retention purge deleted them.
 */
export function holderAccess<H extends Guarded<S>, S extends string, A extends string>(o: {
  /** What a holder is ('campaign': a 404 says "Campaign", a refused action "a campaign"); the audit's target type. */
  targetType: 'campaign' | 'operation';
  find(tx: Tx, scope: Scope, id: string, opts: { lock?: boolean }): Promise<H | undefined>;
  allowed(status: S, action: A): boolean;
  needingFiles: readonly A[];
}) {
  const scopeOf = (tx: Tx, actor: Actor): Promise<Scope> => ownerScope(tx, actor);
  const noun = o.targetType[0]!.toUpperCase() + o.targetType.slice(1);
  const named = `${/^[aeiou]/.test(o.targetType) ? 'an' : 'a'} ${o.targetType}`;

  async function findVisible(tx: Tx, actor: Actor, id: string, opts: { lock?: boolean } = {}): Promise<H> {
    const row = await o.find(tx, await scopeOf(tx, actor), id, opts);
    if (!row) throw notFound(noun);
    return row;
  }

  function assertAction(row: Pick<H, 'status' | 'documentsPurgedAt'>, action: A) {
    if (!o.allowed(row.status, action)) throw new AppError('INVALID_TRANSITION', `Cannot ${action} ${named} that is ${row.status}`);
    if (o.needingFiles.includes(action)) assertNotPurged(row.documentsPurgedAt);
  }

  /** One action on a visible holder in one transaction: found (locked unless `lock` is false), the action checked. */
  function act<T>(opts: Options & { id: string }, action: A | null, work: (tx: Tx, row: H) => Promise<T>, lock = true): Promise<T> {
    return opts.platform.database.inTenant(opts.actor.appId, async (tx) => {
      const row = await findVisible(tx, opts.actor, opts.id, { lock });
      if (action) assertAction(row, action);
      return work(tx, row);
    });
  }

  /** The audit entry of an action on a holder, by the real user behind the actor. */
  const record = (tx: Tx, actor: Actor, action: string, targetId: string, data?: Record<string, unknown>) =>
    audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action, targetType: o.targetType, targetId, ...(data ? { data } : {}), ip: actor.ip });

  return { scopeOf, findVisible, assertAction, act, record };
}

/** Holder records with their owner's display name (lists and views show who owns each). */
export async function withOwners<T extends { ownerUserId: string | null }>(db: Executor, records: T[]): Promise<(T & { ownerName: string | null })[]> {
  const names = await displayNamesOf(
    db,
    records.flatMap((r) => (r.ownerUserId ? [r.ownerUserId] : [])),
  );
  return records.map((r) => ({ ...r, ownerName: r.ownerUserId ? (names.get(r.ownerUserId) ?? null) : null }));
}
