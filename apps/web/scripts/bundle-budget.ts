/**
 * JavaScript weight of a route, against its budget: the login route (`#/`, the default) or the public signing page
 * (`--route signing`, `#/sign/<token>`).
 *
 *   npm run build -w apps/web && node apps/web/scripts/bundle-budget.ts [--route login|signing] [--browser]
 *
 * From Vite's manifest (dist/.vite/manifest.json) it takes what the browser loads to show the route: the entry chunk
 * and its static imports, plus the lazy chunks the route asks for (its page and the translations of its namespaces
 * in the starting language), each with its static imports. Each chunk is gzipped with node:zlib at level 9 (what a
 * server compressing its answers would send); the total must stay within the budget, else the exit code is 1.
 *
 * --browser also measures it in Chromium (playwright-core, Debian's chromium): dist/ served by a small static
 * server (uncompressed, like the app's server), every script response of the route counted raw and gzipped. For the
 * login route the API answers 401 (a visitor without a session); for the signing page it answers a signing view of
 * one two-page document, whose page images are two generated WebP files. The signing-page measure with a throttled
 * network and CPU, and the time until the first page is visible, is apps/web/scripts/signing-page-load.ts.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';

type RouteBudget = {
  title: string;
  /** Gzipped JavaScript (and its translations), in kB (1 kB = 1000 bytes, as Vite prints them). */
  budgetKb: number;
  /** The lazy modules the route loads (source paths as the manifest names them). */
  modules: string[];
  /**
   * Its translations, fetched as static JSON (scripts/localesPlugin.ts) — counted with the JavaScript, as they were
   * when they were chunks: the namespaces of the route in the starting language, French (the default, or the
   * browser's). French is complete, so no fallback language is loaded with it (shared/i18n/language.ts fallbacksOf).
   */
  translations: string[];
};

const routes = {
  login: {
    title: 'Login route (#/)',
    budgetKb: 200,
    modules: ['src/features/auth/pages/LoginPage.tsx'],
    translations: ['locales/common/fr.json', 'locales/auth/fr.json'],
  },
  // Issue 28: the first page of the document visible after at most 250 kB of script on a cold cache. Everything the
  // page needs until then: no pdf.js (the pages are images the server renders), no signature pad (loaded when the
  // signer opens it).
  signing: {
    title: 'Signing page (#/sign/<token>)',
    budgetKb: 250,
    modules: ['src/features/signing/pages/SigningPage.tsx'],
    translations: ['locales/common/fr.json', 'locales/signing/fr.json'],
  },
} satisfies Record<string, RouteBudget>;

const routeName = (() => {
  const at = process.argv.indexOf('--route');
  const name = at < 0 ? 'login' : process.argv[at + 1];
  if (name !== 'login' && name !== 'signing') {
    console.error(`--route login|signing (got ${name ?? 'nothing'})`);
    process.exit(2);
  }
  return name;
})();
const route: RouteBudget = routes[routeName];
const budgetKb = route.budgetKb;

const webDir = path.resolve(import.meta.dirname, '..');
const distDir = path.join(webDir, 'dist');
const manifestPath = path.join(distDir, '.vite', 'manifest.json');

type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;
type Row = { file: string; what: string; raw: number; gzip: number };

const gzipSize = (data: Buffer) => zlib.gzipSync(data, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1000).toFixed(2);

function readManifest(): Manifest {
  if (!fs.existsSync(manifestPath)) {
    console.error(`No ${path.relative(process.cwd(), manifestPath)}: run \`npm run build -w apps/web\` first.`);
    process.exit(2);
  }
  return JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
}

/** The chunks loaded for the route: entry + its lazy modules, each with its static imports. */
function routeChunks(manifest: Manifest): Map<string, ManifestChunk> {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk.');
  const chunks = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the manifest: was it renamed? Update the routes' modules.`);
    if (chunks.has(chunk.file)) return;
    chunks.set(chunk.file, chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry[0]);
  for (const module of route.modules) visit(module);
  return chunks;
}

function printTable(title: string, rows: Row[]): { raw: number; gzip: number } {
  const sorted = [...rows].sort((a, b) => b.gzip - a.gzip);
  const total = { raw: sorted.reduce((s, r) => s + r.raw, 0), gzip: sorted.reduce((s, r) => s + r.gzip, 0) };
  const width = Math.max(5, ...sorted.map((r) => r.file.length));
  const whatWidth = Math.max(4, ...sorted.map((r) => r.what.length));
  const line = (file: string, what: string, raw: string, gzip: string) =>
    `${file.padEnd(width)}  ${what.padEnd(whatWidth)}  ${raw.padStart(10)}  ${gzip.padStart(10)}`;
  console.log(`\n${title}`);
  console.log(line('chunk', 'what', 'raw kB', 'gzip kB'));
  console.log('-'.repeat(width + whatWidth + 26));
  for (const r of sorted) console.log(line(r.file, r.what, kb(r.raw), kb(r.gzip)));
  console.log('-'.repeat(width + whatWidth + 26));
  console.log(line(`total (${sorted.length} files)`, '', kb(total.raw), kb(total.gzip)));
  return total;
}

function fromManifest(): number {
  const chunks = routeChunks(readManifest());
  const rows: Row[] = [...chunks.values()].map((chunk) => {
    const data = fs.readFileSync(path.join(distDir, chunk.file));
    return { file: chunk.file, what: chunk.isEntry ? 'entry' : (chunk.src ?? chunk.name ?? ''), raw: data.length, gzip: gzipSize(data) };
  });
  for (const file of route.translations) {
    const data = fs.readFileSync(path.join(distDir, file));
    rows.push({ file, what: 'translations (JSON)', raw: data.length, gzip: gzipSize(data) });
  }
  const total = printTable(`${route.title} JavaScript and its translations, from dist/ — gzip: node:zlib level 9`, rows);
  const css = new Set([...chunks.values()].flatMap((c) => c.css ?? []));
  const cssBytes = [...css].map((file) => fs.readFileSync(path.join(distDir, file)));
  console.log(
    `(not counted: ${css.size} CSS files, ${kb(cssBytes.reduce((s, b) => s + b.length, 0))} kB raw, ${kb(cssBytes.reduce((s, b) => s + gzipSize(b), 0))} kB gzip)`,
  );
  return total.gzip;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** dist/ as files, uncompressed; any API call answers 401 (a visitor without a session). */
function staticServer(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      response.writeHead(401, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'No session.', detail: 'UNAUTHENTICATED : No session.' } }));
      return;
    }
    const file = path.join(distDir, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(distDir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function inBrowser(): Promise<number> {
  const { launchBrowser } = await import('../e2e/support/browser.ts');
  const server = await staticServer();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    const pending: Promise<Row | null>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() !== 'script' && !/\.m?js$/.test(url.pathname) && !url.pathname.startsWith('/locales/')) return;
      pending.push(
        response.body().then(
          (body) => ({ file: url.pathname.slice(1), what: '', raw: body.length, gzip: gzipSize(body) }),
          () => null,
        ),
      );
    });
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/#/`);
    await page.getByRole('button', { name: 'Se connecter' }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const text = await page.locator('body').innerText();
    const rawKeys = text.match(/\b(login|common|fields|shell)\.[a-zA-Z]+\b/g);
    if (rawKeys) throw new Error(`The login screen shows raw translation keys: ${rawKeys.join(', ')}`);
    const rows = (await Promise.all(pending)).filter((r): r is Row => r !== null);
    const total = printTable('Login route (#/) in Chromium: script responses (served uncompressed; gzip: node:zlib level 9)', rows);
    return total.gzip;
  } finally {
    await browser.close();
    server.close();
  }
}

const gzipTotal = fromManifest();
let over = gzipTotal > budgetKb * 1000;
if (process.argv.includes('--browser')) {
  const browserTotal = await inBrowser();
  over ||= browserTotal > budgetKb * 1000;
}
console.log(`\nBudget: ${budgetKb} kB gzipped for the ${route.title} → ${over ? 'OVER BUDGET' : 'within budget'} (${kb(gzipTotal)} kB from the manifest).`);
process.exit(over ? 1 : 0);
