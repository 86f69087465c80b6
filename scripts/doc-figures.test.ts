// Figures the docs state, read from the code that decides them: a changed constant fails here until the docs say it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signingCodeRules } from '../packages/contracts/src/index.ts';
import { defaultPdfLimits, ONE_TIME_VALIDITY_DAYS } from '../packages/signing/src/index.ts';
import { serverEnv, serverNodeFlags } from '../apps/server/test/support/node-flags.ts';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Every Markdown file of docs/ and packages/signing/ (its README and docs/). */
const docFiles = [
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  'packages/signing/README.md',
  ...readdirSync(path.join(root, 'packages/signing/docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `packages/signing/docs/${f}`),
];

const linesNaming = (name: string) =>
  docFiles.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, i) => (line.includes(name) ? [{ where: `${file}:${i + 1}`, line }] : [])),
  );

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;
const grouped = (n: number) => n.toLocaleString('en-US');

describe('figures the docs state', () => {
  it("give the one-time certificates' lifetime of the engine (ONE_TIME_VALIDITY_DAYS) wherever they name it", () => {
    const years = Math.round(ONE_TIME_VALIDITY_DAYS / 365.25);
    const mentions = linesNaming('ONE_TIME_VALIDITY_DAYS');
    // The signing page describes the level-1/2 certificates; trust services and the engine's crypto doc define them.
    expect(mentions.map((m) => m.where.split(':')[0])).toEqual(
      expect.arrayContaining(['docs/signing-page.md', 'docs/trust-services.md', 'packages/signing/docs/crypto.md']),
    );
    for (const { where, line } of mentions) expect(line, where).toContain(`${years} years`);
  });

  it("give the signing page's one-time code rules of the contracts", () => {
    const doc = read('docs/signing-page.md');
    expect(doc).toContain(`${signingCodeRules.length} digits, valid ${signingCodeRules.ttlSeconds / 60} minutes`);
    expect(doc).toContain(`${signingCodeRules.maxTries} wrong entries burn the code`);
    expect(doc).toContain(
      `at least ${signingCodeRules.resendCooldownSeconds} s between two codes; at most ${1 + signingCodeRules.maxResends} codes (the first + ${signingCodeRules.maxResends} resends) per ${signingCodeRules.sendWindowSeconds / 60}-minute window`,
    );
  });

  it("give the engine's default PDF bounds in the README's table", () => {
    const readme = read('packages/signing/README.md');
    const bytes = new Set<keyof typeof defaultPdfLimits>(['maxFileSize', 'maxStreamSize', 'maxDecompressedTotal']);
    for (const [name, value] of Object.entries(defaultPdfLimits) as Array<[keyof typeof defaultPdfLimits, number]>) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\``));
      expect(row, `README bounds table: no row for ${name}`).toBeDefined();
      expect(row!.split('|')[2]!.trim(), name).toBe(bytes.has(name) ? megabytes(value) : grouped(value));
    }
  });

  it("give the server's Node.js flags as ./paraphe start, npm start and the test servers pass them", () => {
    const [semiSpace, oldSpace] = serverNodeFlags;
    const defaultHeap = oldSpace.split('=')[1]!;
    const script = read('paraphe');
    expect(script).toContain(`${semiSpace} --max-old-space-size="$heap_limit_mb"`);
    expect(script).toContain(`heap_limit_mb="\${HEAP_LIMIT_MB:-${defaultHeap}}"`);
    const { scripts } = JSON.parse(read('apps/server/package.json')) as { scripts: Record<string, string> };
    const arenas = serverEnv.MALLOC_ARENA_MAX;
    expect(script).toContain(`export MALLOC_ARENA_MAX="\${MALLOC_ARENA_MAX:-${arenas}}"`);
    expect(scripts.start).toBe(
      `MALLOC_ARENA_MAX=\${MALLOC_ARENA_MAX:-${arenas}} node ${semiSpace} --max-old-space-size=\${HEAP_LIMIT_MB:-${defaultHeap}} src/main.ts`,
    );
    const dockerfile = read('deploy/Dockerfile');
    expect(dockerfile).toContain(`exec node ${semiSpace} --max-old-space-size=\${HEAP_LIMIT_MB:-${defaultHeap}} apps/server/src/main.ts`);
    expect(dockerfile).toContain(`MALLOC_ARENA_MAX=${arenas}`);
    const doc = read('docs/configuration.md');
    expect(doc).toContain(`node ${serverNodeFlags.join(' ')} apps/server/src/main.ts`);
    expect(doc).toContain(`| \`HEAP_LIMIT_MB\` | \`${defaultHeap}\` |`);
    expect(doc).toContain(`| \`MALLOC_ARENA_MAX\` | \`${arenas}\` |`);
  });
});
