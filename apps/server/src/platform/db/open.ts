import path from 'node:path';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from './client.ts';
import { openPglite } from './pglite.ts';
import { openPostgres, type PostgresOptions } from './postgres.ts';

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: PostgresOptions = {}): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, options);
  return openPglite(path.join(config.dataDir, 'pg'));
}
