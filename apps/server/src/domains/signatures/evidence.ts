import { createHash } from 'node:crypto';
import { memoOf, type Executor } from '../../platform/db/client.ts';
import { checkEventsOf, eventsOf, insertEvent, insertEvents, lastEventLink, lastEventLinks, type SignatureEventRow } from './repository.ts';

/**
 * The evidence trail of a request: append-only (the application role has no UPDATE/DELETE on the table) and
 * hash-chained per request: hash = sha256(prev_hash || canonical JSON of the row), the first prev_hash being
 * 64 zeros. Callers hold the request's row lock (loadContext), so `seq` and `prev_hash` cannot race.
 */

export const signatureEventTypes = [
  'invited',
  'viewed',
  'code_sent',
  'code_checked',
  'code_failed',
  'signed',
  'refused',
  'approved',
  'rejected',
  'reminded',
  'completed',
  /** At upload, for a document whose check found active content or warnings: what was found, what signers will not get. */
  'document_checked',
  /** The prepared version was made (first open or first signature): its SHA-256 and what was neutralised. */
  'document_prepared',
  /** Options.stampBeforeSigning: the prepared version sealed by the company's stamp account (label, certificate, SHA-256). */
  'sealed_before_signing',
  /** The request was made from a template (its id, name and version) or its direct link, written when it is created. */
  'created_from',
  /** A participant handed the request over (option allowDelegation): from, to (name, e-mail, mobile), reason; IP and agent of the page. */
  'delegated',
] as const;
export type SignatureEventType = (typeof signatureEventTypes)[number];
export type { SignatureEventRow } from './repository.ts';

export interface EventOrigin {
  ip?: string | null;
  userAgent?: string | null;
}
export interface NewEvent extends EventOrigin {
  appId: string;
  requestId: string;
  signerId?: string | null;
  type: SignatureEventType;
  data?: Record<string, unknown>;
  at: Date;
}

const genesis = '0'.repeat(64);

/** JSON with keys sorted at every level: the same row always gives the same bytes, whatever jsonb did to key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{${entries
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
    .join(',')}}`;
}

type Hashed = Pick<SignatureEventRow, 'appId' | 'requestId' | 'signerId' | 'seq' | 'type' | 'data' | 'ip' | 'userAgent' | 'createdAt' | 'prevHash'>;
export function eventHash(row: Hashed): string {
  const body = canonicalJson({
    appId: row.appId,
    requestId: row.requestId,
    signerId: row.signerId,
    seq: row.seq,
    type: row.type,
    data: row.data,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
  });
  return createHash('sha256').update(row.prevHash).update(body).digest('hex');
}

/**
 * The chain's last link a transaction wrote, kept for the transaction (memoOf): the next event of the same request in
 * it is chained without reading the link back (a sign call appends three; the request row lock held by every writer
 * of a chain keeps the link current). A savepoint's events are read and chained as before.
 */
const chainKey = (requestId: string) => `signatures.chain:${requestId}`;

export async function appendEvent(db: Executor, event: NewEvent): Promise<SignatureEventRow> {
  const memo = memoOf(db);
  const last = (memo?.get(chainKey(event.requestId)) as { seq: number; hash: string } | undefined) ?? (await lastEventLink(db, event.appId, event.requestId));
  // Millisecond precision: what the database keeps of a JS date is exactly what was hashed.
  const row: Hashed = {
    appId: event.appId,
    requestId: event.requestId,
    signerId: event.signerId ?? null,
    seq: last ? last.seq + 1 : 0,
    type: event.type,
    data: event.data ?? {},
    ip: event.ip ?? null,
    userAgent: event.userAgent ? event.userAgent.slice(0, 500) : null,
    createdAt: event.at,
    prevHash: last?.hash ?? genesis,
  };
  const inserted = await insertEvent(db, { ...row, hash: eventHash(row) });
  memo?.set(chainKey(event.requestId), { seq: inserted.seq, hash: inserted.hash });
  return inserted;
}

/**
 * Appends many events at once (the sweep's reminders): the last link of each request's chain read in one query,
 * the rows chained here in order, inserted in chunks. Callers hold the row lock of every request concerned.
 */
export async function appendEvents(db: Executor, appId: string, events: readonly Omit<NewEvent, 'appId'>[]): Promise<void> {
  if (!events.length) return;
  const requestIds = [...new Set(events.map((e) => e.requestId))];
  const lasts = await lastEventLinks(db, appId, requestIds);
  const chain = new Map(lasts.map((l) => [l.requestId, { seq: l.seq, hash: l.hash }]));
  const rows = events.map((event) => {
    const last = chain.get(event.requestId);
    const row: Hashed = {
      appId,
      requestId: event.requestId,
      signerId: event.signerId ?? null,
      seq: last ? last.seq + 1 : 0,
      type: event.type,
      data: event.data ?? {},
      ip: event.ip ?? null,
      userAgent: event.userAgent ? event.userAgent.slice(0, 500) : null,
      createdAt: event.at,
      prevHash: last?.hash ?? genesis,
    };
    const hash = eventHash(row);
    chain.set(event.requestId, { seq: row.seq, hash });
    return { ...row, hash };
  });
  await insertEvents(db, rows);
  const memo = memoOf(db);
  if (memo) for (const [requestId, link] of chain) memo.set(chainKey(requestId), link);
}

export { eventsOf };

/** The `document_checked` events of these requests, by document id (what the requester is shown of each upload check). */
export async function documentChecksOf(db: Executor, appId: string, requestIds: string[]): Promise<Map<string, Record<string, unknown>>> {
  const checks = new Map<string, Record<string, unknown>>();
  if (!requestIds.length) return checks;
  for (const data of await checkEventsOf(db, appId, requestIds)) if (typeof data.documentId === 'string') checks.set(data.documentId, data);
  return checks;
}

export interface ChainCheck {
  valid: boolean;
  events: number;
  /** seq of the first row that does not verify (edited, inserted or missing before it). */
  brokenAt: number | null;
}

/** Re-computes every hash of the request's chain: an edited, removed or inserted row breaks it. */
export async function verifyEventChain(db: Executor, appId: string, requestId: string): Promise<ChainCheck> {
  const rows = await eventsOf(db, appId, requestId);
  let prev = genesis;
  for (const [index, row] of rows.entries()) {
    if (row.seq !== index || row.prevHash !== prev || eventHash(row) !== row.hash) return { valid: false, events: rows.length, brokenAt: row.seq };
    prev = row.hash;
  }
  return { valid: true, events: rows.length, brokenAt: null };
}
