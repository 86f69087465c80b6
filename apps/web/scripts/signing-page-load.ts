/**
 * The public signing page on a cold cache, in Chromium with a throttled profile (issue 28 item 5): the JavaScript
 * the phone downloads and the time until the first page of the document is visible.
 *
 *   npm run build -w apps/web && node apps/web/scripts/signing-page-load.ts [--dist <dir>] [--runs 3] [--profile fast3g|none] [--screenshot <file.png>]
 *
 * dist/ (or `--dist`, e.g. a build of an older commit, to compare) is served by a small server that answers the
 * signing page's API as the real one would, for one link of one document (packages/signing's LibreOffice contract,
 * 2 pages: the contract and a copy at A3): the view, the PDF, and the page images, each rendered when asked by the
 * server's own renderer (apps/server/src/platform/pdf-page-images.ts, so its time counts), on every run afresh.
 * Answers are gzipped (level 6, what a compressing proxy sends). A build that still draws the pages with pdf.js
 * fetches the PDF instead; the script measures whichever the page does.
 *
 * Profile `fast3g` (default): Chrome DevTools' "Fast 3G" (562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up) and
 * the CPU slowed 4× (Emulation.setCPUThrottlingRate), the browser's cache disabled. "First page visible": the image
 * of page 1 decoded (or, with pdf.js, its canvas painted), from the navigation's start.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { inspectPdf } from '@paraphe/signing';
import { launchBrowser } from '../e2e/support/browser.ts';

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : (process.argv[at + 1] ?? fallback);
};
const webDir = path.resolve(import.meta.dirname, '..');
const distDir = path.resolve(argument('dist', path.join(webDir, 'dist')));
const runs = Number(argument('runs', '3'));
const profile = argument('profile', 'fast3g');
const repoDir = path.resolve(webDir, '../..');

const { renderPdfPage } = (await import(
  path.join(repoDir, 'apps/server/src/platform/pdf-page-images.ts')
)) as typeof import('../../server/src/platform/pdf-page-images.ts');

/** The document: the LibreOffice contract, then the same page at A3 (pages of different sizes, as customers send). */
async function sampleDocument(): Promise<Uint8Array> {
  const contract = await PDFDocument.load(fs.readFileSync(path.join(repoDir, 'packages/signing/test/fixtures/contrat-libreoffice.pdf')));
  const [copy] = await contract.copyPages(contract, [0]);
  copy!.scale(Math.SQRT2, Math.SQRT2);
  contract.addPage(copy!);
  return contract.save();
}

const token = 'measure.token';
const docId = '00000000-0000-4000-8000-000000000001';

function signingView(pages: { width: number; height: number }[]) {
  const base = `/api/public/sign/${token}/documents/${docId}`;
  return {
    data: {
      request: { label: 'Contrat de prestation', status: 'ready', level: 1, testMode: false, expiresAt: null, chainingMode: 'email' },
      tenant: { company: 'Acme', themeColor: '#1c7ed6', logoUrl: null },
      language: 'fr',
      signer: { firstname: 'Jeanne', lastname: 'Martin', name: 'MARTIN Jeanne', role: 'signer', status: 'access', invitationMessage: null },
      turn: 'yourTurn',
      canAct: true,
      handwritten: 'disabled',
      documents: [
        {
          id: docId,
          title: 'contrat.pdf',
          documentType: 'pdf',
          pageCount: pages.length,
          pages,
          checkBoxTexts: [],
          fields: [{ name: 'Signature1', page: 1, x: 380, y: 90, width: 150, height: 60 }],
          url: base,
          pagesUrl: `${base}/pages/`,
          signedUrl: null,
        },
      ],
      code: { channel: 'email', destination: 'j•••@example.com', sentAt: null, expiresAt: null, triesLeft: 0, resendsLeft: 5, resendAvailableAt: null },
      redirects: { success: null, cancel: null, fail: null },
      canDelegate: false,
      handedOver: null,
    },
  };
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

function send(response: http.ServerResponse, type: string, body: Uint8Array, compress: boolean) {
  const data = compress ? zlib.gzipSync(body, { level: 6 }) : body;
  response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store', ...(compress ? { 'Content-Encoding': 'gzip' } : {}) });
  response.end(data);
}

/** dist/ and the signing page's API for one link; page images rendered on each run's first ask. */
async function stubServer(pdf: Uint8Array, view: unknown) {
  let rendered = new Map<string, Promise<Uint8Array>>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const api = `/api/public/sign/${token}`;
    if (url.pathname === api) return send(response, 'application/json', Buffer.from(JSON.stringify(view)), true);
    if (url.pathname === `${api}/documents/${docId}`) return send(response, 'application/pdf', pdf, false);
    const pageMatch = new RegExp(`^${api}/documents/${docId}/pages/(\\d+)$`).exec(url.pathname);
    if (pageMatch) {
      const key = `${pageMatch[1]}-${url.searchParams.get('width')}`;
      const image =
        rendered.get(key) ??
        renderPdfPage({ bytes: pdf.slice(), page: Number(pageMatch[1]), width: Number(url.searchParams.get('width')) }).then((r) => r.image);
      rendered.set(key, image);
      void image.then((bytes) => send(response, 'image/webp', bytes, false));
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      response.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found.' } }));
      return;
    }
    const file = path.join(distDir, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(distDir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return void response.writeHead(404).end();
    const type = contentTypes[path.extname(file)] ?? 'application/octet-stream';
    send(response, type, fs.readFileSync(file), type !== 'application/octet-stream');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, forget: () => (rendered = new Map()) };
}

type Run = { firstPageMs: number; scriptFiles: number; scriptBytes: number; imageBytes: number; pdfBytes: number; allBytes: number };

/** Page 1 is on screen: its image decoded, or (pdf.js) its canvas painted with something other than white. */
function firstPageVisible(): boolean {
  const shown = [...document.querySelectorAll('img, canvas')].find((el) =>
    /, page 1 (sur|of) /.test(el.getAttribute('alt') ?? el.getAttribute('aria-label') ?? ''),
  );
  if (!shown) return false;
  if (shown instanceof HTMLImageElement) return shown.complete && shown.naturalWidth > 0;
  const canvas = shown as HTMLCanvasElement;
  if (!canvas.width) return false;
  const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  for (let i = 0; i < pixels.length; i += 4 * 97) if (pixels[i]! < 200 && pixels[i + 3]! > 0) return true;
  return false;
}

async function measure(baseUrl: string): Promise<Run> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (profile === 'fast3g') {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 562.5,
        downloadThroughput: (1440 * 1000) / 8,
        uploadThroughput: (675 * 1000) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    const kinds = new Map<string, 'script' | 'image' | 'pdf' | 'other'>();
    const finished: { kind: string; bytes: number }[] = [];
    cdp.on('Network.responseReceived', (event) => {
      const url = new URL(event.response.url);
      const kind =
        /\.m?js$/.test(url.pathname) || url.pathname.startsWith('/locales/')
          ? 'script'
          : event.response.mimeType.startsWith('image/')
            ? 'image'
            : event.response.mimeType === 'application/pdf'
              ? 'pdf'
              : 'other';
      kinds.set(event.requestId, kind);
    });
    cdp.on('Network.loadingFinished', (event) => finished.push({ kind: kinds.get(event.requestId) ?? 'other', bytes: event.encodedDataLength }));
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('response', (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));
    await page.goto(`${baseUrl}/#/sign/${token}`, { waitUntil: 'commit' });
    await page.waitForFunction(firstPageVisible, undefined, { timeout: 180_000, polling: 50 }).catch(async (error: Error) => {
      await page.screenshot({ path: path.join(process.cwd(), 'signing-page-load-failure.png') });
      throw new Error(`${error.message}\n${problems.join('\n')}\n(screenshot: signing-page-load-failure.png)`);
    });
    const firstPageMs = await page.evaluate(() => performance.now());
    const screenshot = argument('screenshot', '');
    if (screenshot) await page.screenshot({ path: screenshot });
    const sum = (kind: string) => finished.filter((f) => f.kind === kind).reduce((s, f) => s + f.bytes, 0);
    return {
      firstPageMs,
      scriptFiles: finished.filter((f) => f.kind === 'script').length,
      scriptBytes: sum('script'),
      imageBytes: sum('image'),
      pdfBytes: sum('pdf'),
      allBytes: finished.reduce((s, f) => s + f.bytes, 0),
    };
  } finally {
    await browser.close();
  }
}

const pdf = await sampleDocument();
const inspection = await inspectPdf(pdf);
if (!inspection.ok) throw new Error(`the sample document is refused: ${inspection.message}`);
const { server, forget } = await stubServer(pdf, signingView(inspection.pages.map((p) => ({ width: p.width, height: p.height }))));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
console.log(`Signing page, cold cache, profile ${profile}, ${path.relative(process.cwd(), distDir) || distDir}`);
console.log('run  first page (ms)  JS+translations (kB on the wire, files)  page images kB  PDF kB  all kB');
const results: Run[] = [];
try {
  for (let run = 1; run <= runs; run++) {
    forget();
    const r = await measure(baseUrl);
    results.push(r);
    console.log(
      `${String(run).padStart(3)}  ${r.firstPageMs.toFixed(0).padStart(15)}  ${`${kb(r.scriptBytes)} (${r.scriptFiles})`.padStart(39)}  ${kb(r.imageBytes).padStart(14)}  ${kb(r.pdfBytes).padStart(6)}  ${kb(r.allBytes).padStart(6)}`,
    );
  }
} finally {
  server.close();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `median: first page ${median(results.map((r) => r.firstPageMs)).toFixed(0)} ms, JS ${kb(median(results.map((r) => r.scriptBytes)))} kB in ${median(results.map((r) => r.scriptFiles))} files`,
);
