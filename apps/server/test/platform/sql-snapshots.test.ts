import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { captureCall, renderCapture } from '../../scripts/sql-snapshots-capture.ts';
import { compareSnapshots, generateSnapshots, repositoryFiles } from '../../scripts/sql-snapshots-files.ts';
import { formatSql } from '../../scripts/sql-format.ts';
import { samples } from '../../scripts/sql-snapshots-samples.ts';
import { outboxMessages } from '../../src/platform/db/schema/index.ts';
import type { Database } from '../../src/platform/db/client.ts';

const snapshotOf = async (query: (db: Database) => unknown) => renderCapture('example.ts: find', await captureCall(query));

describe('the SQL snapshots of the repositories (scripts/sql-snapshots.ts)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sql-snapshots-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('changes when a function’s query changes, and never shows the values', async () => {
    const byId = await snapshotOf((db) => db.select().from(outboxMessages).where(eq(outboxMessages.id, 'secret-id-value')));
    const byStatus = await snapshotOf((db) => db.select().from(outboxMessages).where(eq(outboxMessages.status, 'queued')));
    expect(byId).toContain('-- example.ts: find\nselect ');
    expect(byId).toContain('where "outbox_messages"."id" = $1;');
    expect(byStatus).toContain('where "outbox_messages"."status" = $1;');
    expect(byId).not.toBe(byStatus);
    expect(byId).not.toContain('secret-id-value');
    expect(await snapshotOf((db) => db.select().from(outboxMessages).where(eq(outboxMessages.id, 'another')))).toBe(byId);
  });

  it('captures the statements of a transaction, raw ones included, and says where a function stopped', async () => {
    const inTransaction = await captureCall((db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.tenant_id', ${'tenant'}, true)`);
        await tx.transaction(async (inner) => inner.delete(outboxMessages).where(eq(outboxMessages.id, 'x')));
      }),
    );
    expect('statements' in inTransaction && inTransaction.statements.map((s) => s.sql)).toEqual([
      'begin',
      "select set_config('app.tenant_id', $1, true)",
      'savepoint sp1',
      'delete from "outbox_messages" where "outbox_messages"."id" = $1',
      'release savepoint sp1',
      'commit',
    ]);
    const failing = await captureCall(async (db) => {
      await db.execute(sql`select 1`);
      throw new Error('needs a real row');
    });
    expect(renderCapture('example.ts: failing', failing)).toBe('-- example.ts: failing\nselect 1;\n-- stopped here: needs a real row');
    expect(renderCapture('example.ts: nothing', await captureCall(() => 'text'))).toBe('-- example.ts: nothing\n-- no query: returns a string');
  });

  it('lays a statement out one clause a line, subqueries indented, words and quotes unchanged', () => {
    expect(formatSql('select "a", count(*) from "t" where "t"."b" in (select "c" from "u" where x = $1) GROUP BY "a" order by 1 limit $2')).toBe(
      [
        'select "a", count(*)',
        'from "t"',
        'where "t"."b" in (',
        '  select "c"',
        '  from "u"',
        '  where x = $1',
        ')',
        'GROUP BY "a"',
        'order by 1',
        'limit $2',
      ].join('\n'),
    );
    expect(formatSql(`select extract(epoch from now()), 'a from b'`)).toBe(`select extract(epoch from now()), 'a from b'`);
  });

  it('--check passes on fresh files and names the functions of a stale one', async () => {
    const files = ['domains/help/repository.ts'];
    expect(repositoryFiles()).toEqual(expect.arrayContaining([...files, 'domains/contacts/repository-import.ts', 'platform/messaging/repository.ts']));
    const run = await generateSnapshots(samples, files);
    expect(run.total).toBeGreaterThan(0);
    expect(run.captured).toBe(run.total);
    for (const [name, text] of run.files) writeFileSync(path.join(dir, name), text);
    expect(compareSnapshots(run, dir)).toEqual([]);

    const file = path.join(dir, 'help.sql');
    const fresh = readFileSync(file, 'utf8');
    const [, firstFunction] = /-- domains\/help\/repository\.ts: (\w+)\n/.exec(fresh)!;
    writeFileSync(file, fresh.replace(/(-- domains\/help\/repository\.ts: \w+\n)(\w+)/, '$1$2 /* edited */'));
    const problems = compareSnapshots(run, dir);
    expect(problems[0]).toContain('node apps/server/scripts/sql-snapshots.ts --write');
    expect(problems.slice(1)).toEqual([`help.sql: changed domains/help/repository.ts: ${firstFunction}`]);

    writeFileSync(file, fresh);
    writeFileSync(path.join(dir, 'gone.sql'), '-- a domain removed\n');
    expect(compareSnapshots(run, dir).slice(1)).toEqual(['gone.sql: no repository produces it any more']);
  });
});
