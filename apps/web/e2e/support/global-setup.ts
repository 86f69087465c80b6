import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, dataTemplateVariable } from './server.ts';

/**
 * Once per run: a data folder whose embedded database is migrated and whose platform is set up (instance secret,
 * administrator, certificates), which every journey's server starts from (copied) instead of doing its own first
 * start — initdb, 48 migrations and the set-up took 21 s of a 33 s first start on a loaded machine (12 s for a later
 * start on the same data). Nothing in it depends on the port, the public address or the per-file environment.
 */
export default async function setup(): Promise<() => void> {
  const server = await startServer({}, '127.0.0.1', { administratorSession: false });
  await server.stop({ keepData: true });
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-e2e-template-'));
  fs.cpSync(server.dataDir, template, { recursive: true });
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  process.env[dataTemplateVariable] = template;
  return () => fs.rmSync(template, { recursive: true, force: true });
}
