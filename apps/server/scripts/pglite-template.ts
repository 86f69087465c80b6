// Rebuilds the embedded database's template (an empty cluster made by PGlite's initdb), which first starts
// load instead of running initdb (see src/platform/db/pglite.ts). Run after upgrading @electric-sql/pglite:
//   node scripts/pglite-template.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { installedPgliteVersion, keepWasmOnBaselineCompiler, pgliteInitDbParams, pgliteStartParams, pgliteTemplate } from '../src/platform/db/pglite.ts';

keepWasmOnBaselineCompiler();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
try {
  const client = await PGlite.create({ dataDir: dir, startParams: pgliteStartParams, initDbStartParams: pgliteInitDbParams });
  await client.exec('CHECKPOINT');
  const archive = await client.dumpDataDir('gzip');
  await client.close();
  fs.mkdirSync(path.dirname(pgliteTemplate.archive), { recursive: true });
  fs.writeFileSync(pgliteTemplate.archive, new Uint8Array(await archive.arrayBuffer()));
  fs.writeFileSync(pgliteTemplate.manifest, `${JSON.stringify({ pglite: installedPgliteVersion(), initDbParams: pgliteInitDbParams }, null, 2)}\n`);
  console.log(`template written: ${pgliteTemplate.archive} (${fs.statSync(pgliteTemplate.archive).size} bytes)`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
