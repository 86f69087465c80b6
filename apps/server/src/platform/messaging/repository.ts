import { and, asc, desc, eq, ilike, inArray, ne, or, sql, count } from 'drizzle-orm';
import { cappedCount, countCap, pageTotal, searchCap, type PageTotal } from '../db/lists.ts';
import type { Executor } from '../db/client.ts';
import { outboxMessages, outboxTallies, type OutboxAttempt, type OutboxStatus } from '../db/schema/index.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxRow = typeof outboxMessages.$inferInsert;

/** Statuses a delivery job acts on; the others are final (or captured). */
export const deliverableStatuses: readonly OutboxStatus[] = ['queued', 'retrying'];
/** What the Outbox counts as undelivered: retries in progress and definitive failures. */
export const undeliveredStatuses: readonly OutboxStatus[] = ['retrying', 'failed'];

export async function insertMessage(db: Executor, row: NewOutboxRow): Promise<string> {
  const [inserted] = await db.insert(outboxMessages).values(row).returning({ id: outboxMessages.id });
  return inserted!.id;
}

/** Many rows in few statements (ids given by the caller); chunks keep each under PostgreSQL's 65,535 parameters. */
export async function insertMessages(db: Executor, rows: readonly (NewOutboxRow & { id: string })[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(outboxMessages).values(rows.slice(i, i + 1000));
}

export async function findMessages(db: Executor, ids: readonly string[]): Promise<OutboxRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(outboxMessages)
    .where(inArray(outboxMessages.id, [...ids]));
}

export async function findMessage(db: Executor, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}

/**
 * Appends one line to the message's history and sets its status, only if the history still has `version`
 * entries (nobody recorded anything since it was read): returns false otherwise and changes nothing.
 */
export async function recordAttempt(
  db: Executor,
  id: string,
  version: number,
  status: OutboxStatus,
  entry: OutboxAttempt,
  error: string | null,
): Promise<boolean> {
  const updated = await db
    .update(outboxMessages)
    .set({
      status,
      error,
      sentAt: status === 'sent' || status === 'captured' ? new Date(entry.at) : null,
      attempts: sql`${outboxMessages.attempts} || ${JSON.stringify([entry])}::jsonb`,
    })
    .where(and(eq(outboxMessages.id, id), sql`jsonb_array_length(${outboxMessages.attempts}) = ${version}`))
    .returning({ id: outboxMessages.id });
  return updated.length > 0;
}

/**
 * Records several messages `sent` in one statement, each only if its history still has its `version` entries
 * (as recordAttempt). Returns the ids recorded.
 */
export async function recordSent(db: Executor, sent: readonly { id: string; version: number; at: string }[]): Promise<string[]> {
  if (!sent.length) return [];
  const result = (await db.execute(sql`
    update ${outboxMessages} m set status = 'sent', error = null, sent_at = v.at,
      attempts = m.attempts || jsonb_build_array(jsonb_build_object('at', v.at_text))
    from jsonb_to_recordset(${JSON.stringify(sent.map((s) => ({ id: s.id, version: s.version, at: s.at, at_text: s.at })))}::jsonb)
      as v(id uuid, version int, at timestamptz, at_text text)
    where m.id = v.id and jsonb_array_length(m.attempts) = v.version
    returning m.id`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

/** Messages an administrator may send again: failed ones, or retrying ones (try now instead of at the planned time). */
export async function requeueCandidates(db: Executor, filter: { ids?: string[]; status?: OutboxStatus }): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(
      and(
        filter.ids ? inArray(outboxMessages.id, filter.ids) : undefined,
        filter.status ? eq(outboxMessages.status, filter.status) : inArray(outboxMessages.status, [...undeliveredStatuses]),
        ne(outboxMessages.to, erasedRecipient),
      ),
    )
    .orderBy(outboxMessages.createdAt)
    .for('update');
}

export interface OutboxFilter {
  channel?: 'email' | 'sms';
  to?: string;
  search?: string;
  /** One status, or `undelivered` (retrying + failed). */
  status?: OutboxStatus | 'undelivered';
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
}

/** A page of the outbox, newest first by default; its total is capped like every list (docs/lists.md). */
export async function listMessages(db: Executor, filter: OutboxFilter): Promise<{ rows: OutboxRow[] } & PageTotal> {
  const where = and(
    filter.channel ? eq(outboxMessages.channel, filter.channel) : undefined,
    filter.to ? ilike(outboxMessages.to, `%${filter.to}%`) : undefined,
    filter.search ? or(ilike(outboxMessages.subject, `%${filter.search}%`), ilike(outboxMessages.to, `%${filter.search}%`)) : undefined,
    filter.status === 'undelivered'
      ? inArray(outboxMessages.status, [...undeliveredStatuses])
      : filter.status
        ? eq(outboxMessages.status, filter.status)
        : undefined,
  );
  const orderBy = filter.order === 'ASC' ? [outboxMessages.createdAt, outboxMessages.id] : [desc(outboxMessages.createdAt), desc(outboxMessages.id)];
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(where)
    .orderBy(...orderBy)
    .limit(filter.limit)
    .offset(filter.offset);
  // A search (no trigram index here) is capped lower: its count walks the rows until that many match.
  const cap = filter.search || filter.to ? searchCap : countCap;
  const total = await pageTotal({
    rows: rows.length,
    limit: filter.limit,
    offset: filter.offset,
    cap,
    count: (n) => cappedCount(db, outboxMessages, where, n),
  });
  return { rows, ...total };
}

/** How many messages are not delivered, whatever the list's filter: retrying, failed. */
export async function undeliveredCounts(db: Executor): Promise<{ retrying: number; failed: number }> {
  const rows = await db
    .select({ status: outboxMessages.status, n: count() })
    .from(outboxMessages)
    .where(inArray(outboxMessages.status, [...undeliveredStatuses]))
    .groupBy(outboxMessages.status);
  const of = (status: OutboxStatus) => rows.find((r) => r.status === status)?.n ?? 0;
  return { retrying: of('retrying'), failed: of('failed') };
}

/** Which of `keys` are attached to a message (the storage sweep keeps those files). */
export async function attachedStorageKeys(db: Executor, keys: readonly string[]): Promise<string[]> {
  if (!keys.length) return [];
  const result = (await db.execute(sql`
    select distinct a->>'storageKey' as key
    from ${outboxMessages}, jsonb_array_elements(${outboxMessages.attachments}) a
    where jsonb_array_length(${outboxMessages.attachments}) > 0 and a->>'storageKey' in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`)) as unknown as { rows: { key: string }[] };
  return result.rows.map((r) => r.key);
}

/**
 * Messages waiting for a delivery that no job will make (queued or retrying, no live job of their queue): left
 * by the versions that let the last retry fail while the row said `queued`. Marked failed, so the Outbox shows
 * them and can send them again. Looks at the last 30 days; a message and its job are always written together, so
 * a live message always has a live job.
 */
export async function failAbandoned(db: Executor, now: Date): Promise<number> {
  // Before the first start of the job queue there is no job table, and no message yet to repair.
  const boss = (await db.execute(sql`select to_regclass('pgboss.job') is not null as ready`)) as unknown as { rows: { ready: boolean }[] };
  if (!boss.rows[0]?.ready) return 0;
  const entry = JSON.stringify([
    { at: now.toISOString(), error: 'No delivery was planned any more (an earlier version gave up): send it again from the Outbox.' },
  ]);
  const result = (await db.execute(sql`
    update ${outboxMessages} m set status = 'failed', attempts = m.attempts || ${entry}::jsonb,
      error = coalesce(m.error, 'No delivery was planned any more.')
    where m.status in ('queued', 'retrying') and m.created_at > ${now.toISOString()}::timestamptz - interval '30 days'
      and not exists (
        select 1 from pgboss.job j
        where j.name in ('send-email', 'send-sms') and j.data->>'messageId' = m.id::text and j.state in ('created', 'retry', 'active')
      )
    returning m.id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

export interface DeliveryState {
  status: OutboxStatus;
  channel: 'email' | 'sms';
  error: string | null;
  at: Date;
}

/** The newest message about each subject, and how its delivery stands. */
export async function latestByAbout(db: Executor, abouts: readonly string[]): Promise<Map<string, DeliveryState>> {
  const states = new Map<string, DeliveryState>();
  if (!abouts.length) return states;
  const rows = await db
    .select({
      about: outboxMessages.about,
      status: outboxMessages.status,
      channel: outboxMessages.channel,
      error: outboxMessages.error,
      at: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .where(inArray(outboxMessages.about, [...abouts]))
    .orderBy(asc(outboxMessages.createdAt));
  for (const row of rows) states.set(row.about!, { status: row.status, channel: row.channel, error: row.error, at: row.at });
  return states;
}

/** The recipient an erased message keeps: never delivered, never sent again (requeueCandidates skips it). */
export const erasedRecipient = 'erased';

/**
 * GDPR (docs/gdpr.md): the messages of one tenant about these subjects, or to this address, lose their recipient and
 * their content; the row stays (what was sent when, its status). One still to deliver (queued, retrying) is withdrawn
 * too: it becomes `failed` with the reason, and its delivery job, finding it no longer deliverable, does nothing.
 * Answers how many were redacted.
 */
export async function redactMessages(db: Executor, appId: string, match: { abouts?: readonly string[]; to?: string }): Promise<number> {
  const who = [
    match.abouts?.length ? inArray(outboxMessages.about, [...match.abouts]) : undefined,
    match.to ? sql`lower(${outboxMessages.to}) = ${match.to.toLowerCase()}` : undefined,
  ].filter((c) => c !== undefined);
  if (!who.length) return 0;
  const rows = await db
    .update(outboxMessages)
    .set({
      to: erasedRecipient,
      subject: null,
      text: '[erased]',
      html: null,
      attachments: [],
      status: sql`case when ${outboxMessages.status} in ('queued', 'retrying') then 'failed' else ${outboxMessages.status} end`,
      error: sql`case when ${outboxMessages.status} in ('queued', 'retrying') then 'Erased (GDPR) before delivery: not sent.' else ${outboxMessages.error} end`,
    })
    .where(and(eq(outboxMessages.appId, appId), or(...who), sql`${outboxMessages.to} <> ${erasedRecipient}`))
    .returning({ id: outboxMessages.id });
  return rows.length;
}

/** A group's messages by delivery: sent or captured, queued or retrying, failed (outbox_tallies, migration 0040). */
export interface DeliveryFigures {
  delivered: number;
  waiting: number;
  failed: number;
}

/** The figures of each group, read from its counter row (one primary-key lookup per group, whatever its size). */
export async function figuresOf(db: Executor, tallies: readonly string[]): Promise<Map<string, DeliveryFigures>> {
  const figures = new Map<string, DeliveryFigures>();
  if (!tallies.length) return figures;
  const rows = await db
    .select({ tally: outboxTallies.tally, delivered: outboxTallies.delivered, waiting: outboxTallies.waiting, failed: outboxTallies.failed })
    .from(outboxTallies)
    .where(inArray(outboxTallies.tally, [...tallies]));
  for (const row of rows) figures.set(row.tally, { delivered: row.delivered, waiting: row.waiting, failed: row.failed });
  return figures;
}

/**
 * Seconds since the oldest message still waiting (queued or retrying) was queued, per channel; null when none. Two
 * one-entry reads of the partial index outbox_waiting_idx (the waiting rows only), never a count.
 */
export async function oldestWaiting(db: Executor, now: Date): Promise<{ email: number | null; sms: number | null }> {
  const result = (await db.execute(sql`
    select (select min(created_at) from ${outboxMessages} where status in ('queued', 'retrying') and channel = 'email') as email,
      (select min(created_at) from ${outboxMessages} where status in ('queued', 'retrying') and channel = 'sms') as sms`)) as unknown as {
    rows: { email: string | Date | null; sms: string | Date | null }[];
  };
  const age = (at: string | Date | null | undefined) => (at ? Math.max(0, Math.round((now.getTime() - new Date(at).getTime()) / 1000)) : null);
  return { email: age(result.rows[0]?.email), sms: age(result.rows[0]?.sms) };
}
