// The SQL of every repository, snapshotted to apps/server/queries/<domain>.sql so that a changed query shows in a
// review's diff (docs/architecture.md, "SQL snapshots"). No database: each exported repository function is called
// on a recording drizzle instance (sql-snapshots-capture.ts).
//   node apps/server/scripts/sql-snapshots.ts --write   regenerates the files
//   node apps/server/scripts/sql-snapshots.ts --check   exits 1, naming the files and functions, when they differ
// drizzle-orm through its CommonJS build (platform/db/drizzle-cjs.ts), registered before anything loads it.
await import('../src/platform/db/drizzle-cjs.ts');
const { checkSnapshots, writeSnapshots } = await import('./sql-snapshots-files.ts');

const mode = process.argv[2];
const started = performance.now();
const report = mode === '--write' ? await writeSnapshots() : mode === '--check' ? await checkSnapshots() : undefined;
if (!report) {
  console.error('usage: node apps/server/scripts/sql-snapshots.ts --write | --check');
  process.exit(2);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `SQL snapshots: ${report.captured} of ${report.total} repository functions captured, ${report.notCaptured} not captured` +
    ` (${report.noQuery} helpers that send no query left out of the count), ${seconds} s`,
);
for (const problem of report.problems) console.error(problem);
process.exit(report.problems.length ? 1 : 0);
