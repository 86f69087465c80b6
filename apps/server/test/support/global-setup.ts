import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite } from '../../src/platform/db/pglite.ts';
import { openPostgres } from '../../src/platform/db/postgres.ts';

/**
 * Once per test run: a migrated database every test context starts from, instead of migrating its own (45+
 * migrations at each of ~200 test files). PGlite: a dump of the migrated cluster (openPglite's `from`: 0.7 s per
 * file instead of 5.4 s of initdb and migrations). PostgreSQL: a template database (`create database … template`).
 * Handed to the workers through the environment (the harness reads it; outside this run, e.g. a benchmark, each
 * context migrates its own as before).
 */
export const pgliteDumpVariable = 'PARAPHE_TEST_PGLITE_DUMP';
export const postgresTemplateVariable = 'PARAPHE_TEST_PG_TEMPLATE';

export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openPglite(undefined);
    const dump = await (database.boss as { pglite: { dumpDataDir(compression: 'none'): Promise<Blob> } }).pglite.dumpDataDir('none');
    await database.close();
    const file = path.join(os.tmpdir(), `paraphe-test-cluster-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    fs.writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    process.env[pgliteDumpVariable] = file;
    return async () => fs.rmSync(file, { force: true });
  }
  const name = `paraphe_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await database.close();
  process.env[postgresTemplateVariable] = name;
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
