import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The image's build context (issue 26, item 8): `.dockerignore` keeps out what must never be baked into an image —
 * the embedded database and instance secret under DATA_DIR (./data), `.env` files, installs — and keeps in everything
 * deploy/Dockerfile copies. No Docker daemon runs here, so the context is computed with Docker's own rules
 * (moby/patternmatcher: patterns relative to the context root, `*` and `?` within one path segment, `**` across
 * segments, `!` re-includes, the last matching pattern wins, a matched directory excludes what is under it).
 */
const root = path.resolve(import.meta.dirname, '..');

function escapeRegex(text: string): string {
  return text.replace(/[.+^${}()|[\]\\]/g, '\\$&');
}

/** One .dockerignore pattern as a regular expression over a slash-separated path. */
function patternRegex(pattern: string): RegExp {
  const clean = path.posix.normalize(pattern.replace(/^\/+/, '')).replace(/\/$/, '');
  let source = '';
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i]!;
    if (c === '*' && clean[i + 1] === '*') {
      // `**/` matches zero or more directories; a trailing `**` anything.
      if (clean[i + 2] === '/') {
        source += '(?:.*/)?';
        i += 2;
      } else {
        source += '.*';
        i += 1;
      }
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += escapeRegex(c);
  }
  return new RegExp(`^${source}$`);
}

function contextFilter(dockerignore: string): (file: string) => boolean {
  const rules = dockerignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => (line.startsWith('!') ? { exclude: false, regex: patternRegex(line.slice(1)) } : { exclude: true, regex: patternRegex(line) }));
  return (file) => {
    // The file itself or any of its parent directories.
    const parts = file.split('/');
    const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let excluded = false;
    for (const rule of rules) if (candidates.some((candidate) => rule.regex.test(candidate))) excluded = rule.exclude;
    return !excluded;
  };
}

const inContext = contextFilter(readFileSync(path.join(root, '.dockerignore'), 'utf8'));
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

describe('the image build context (.dockerignore)', () => {
  it('follows Docker’s matching rules (checked on the rules themselves)', () => {
    const filter = contextFilter(['**/data', 'docs', '*.log', '!keep.log', 'a/?.txt'].join('\n'));
    expect(['data/x', 'apps/server/data/db/PG_VERSION', 'docs/a.md', 'x.log', 'a/b.txt'].filter(filter)).toEqual([]);
    expect(['keep.log', 'sub/x.log', 'a/bc.txt', 'database.ts', 'src/docs.ts', 'metadata/x'].filter(filter)).toEqual([
      'keep.log',
      'sub/x.log',
      'a/bc.txt',
      'database.ts',
      'src/docs.ts',
      'metadata/x',
    ]);
  });

  it('keeps out the embedded database, the instance secret, uploaded files, .env files, installs and version control', () => {
    const secrets = [
      'data/pglite/PG_VERSION',
      'data/instance-secret',
      'data/files/app/contract.pdf',
      'apps/server/data/pglite/base/1/1259',
      '.env',
      'deploy/.env',
      'apps/server/.env.local',
      'node_modules/fastify/package.json',
      'apps/web/node_modules/react/index.js',
      'apps/web/dist/index.html',
      '.git/config',
      'stamp.p12',
      'tls/server.key',
    ];
    expect(secrets.filter(inContext)).toEqual([]);
  });

  it('keeps in every file the server and the web build need, and every path deploy/Dockerfile copies', () => {
    const needed = tracked.filter(
      (file) =>
        /^(apps\/server\/src\/|apps\/server\/clients\/|packages\/[^/]+\/(src|assets)\/|apps\/web\/src\/|apps\/web\/public\/)/.test(file) ||
        /^(package(-lock)?\.json|apps\/[^/]+\/package\.json|packages\/[^/]+\/package\.json|apps\/web\/(index\.html|vite\.config\.ts|tsconfig\.json)|tsconfig\.base\.json)$/.test(
          file,
        ),
    );
    expect(needed.length).toBeGreaterThan(500);
    expect(needed.filter((file) => !inContext(file))).toEqual([]);
    // Tests, benchmarks and development tools stay out (the Stripe stand-in is never loaded under NODE_ENV=production).
    expect(tracked.filter((file) => /^apps\/server\/(test|bench|dev)\//.test(file)).filter(inContext)).toEqual([]);

    const dockerfile = readFileSync(path.join(root, 'deploy/Dockerfile'), 'utf8');
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources.filter((s) => s !== '.')) expect(inContext(source), source).toBe(true);
  });
});
