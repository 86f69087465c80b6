/**
 * Office conversion never touches the network (docs/security.md): every kind of outside reference a template can
 * hold, aimed at a listener of the test, goes through upload (an .odt is converted there), preview and batch
 * generation — in both ways the converters are walled: their own network namespace (`auto`, this machine runs the
 * tests as root) and the fallback (OFFICE_NETWORK_NAMESPACE=off: profile settings and the stripped package only).
 * The listener counts 0 connections; a wrapper around soffice records the converter's network namespace and its
 * interfaces.
 */
import { chmodSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationBatch } from '@paraphe/contracts';
import { officeEngineFor } from '../../src/platform/office/index.ts';
import { resolveBinary } from '../../src/platform/office/detect.ts';
import { xlsxBuffer } from '../../src/platform/spreadsheets/index.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { hostileTemplates } from './hostile.ts';
import { mergeClient, pdfText, uploadTo } from './support.ts';

const work = mkdtempSync(path.join(tmpdir(), 'office-network-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A TCP listener that counts every connection (and answers 404 to whatever it is asked). */
async function startListener() {
  const seen: string[] = [];
  const server = net.createServer((socket) => {
    seen.push('connection');
    socket.once('data', (d) => seen.push(d.toString('latin1').split('\r\n')[0]!));
    socket.on('error', () => undefined);
    socket.end('HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { seen, base: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** soffice behind a script that writes, for each call, the process's network namespace and its interfaces. */
async function recordingSoffice(log: string): Promise<string> {
  const soffice = (await resolveBinary(process.env.SOFFICE ?? 'soffice'))!;
  const file = path.join(work, `soffice-${path.basename(log)}.sh`);
  writeFileSync(
    file,
    `#!/bin/bash
if [ "$1" != "--version" ]; then echo "ns $(readlink /proc/self/ns/net) if $(tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | tr '\\n' ',')" >> ${log}; fi
exec ${soffice} "$@"
`,
  );
  chmodSync(file, 0o755);
  return file;
}

const ownNamespace = readlinkSync('/proc/self/ns/net');

for (const mode of ['auto', 'off'] as const) {
  describe(`office conversion without network, OFFICE_NETWORK_NAMESPACE=${mode} (${engine})`, () => {
    let t: TestContext;
    let gerant: TestClient;
    let listener: Awaited<ReturnType<typeof startListener>>;
    const log = path.join(work, `calls-${mode}.log`);
    beforeAll(async () => {
      listener = await startListener();
      t = await createTestContext({ env: { OFFICE_NETWORK_NAMESPACE: mode, OFFICE_BINARY: await recordingSoffice(log), OFFICE_CONVERTERS: '1' } });
      gerant = await mergeClient(t);
    });
    afterAll(async () => {
      await t?.close();
      await listener?.close();
    });

    it('uploads, previews and batch-generates every hostile template with 0 connections to the listener', async () => {
      const status = await officeEngineFor(t.server.platform.config).status();
      expect(status).toMatchObject({ available: true, networkIsolation: mode === 'auto' ? 'namespace' : 'profile' });
      // The operator sees the mode on /healthz.
      expect((await t.request({ method: 'GET', url: '/healthz' })).json()).toMatchObject({
        office: 'available',
        officeNetwork: mode === 'auto' ? 'namespace' : 'profile',
      });
      const sheet = await xlsxBuffer({ sheetName: 'S', columns: [{ key: 'n', header: 'Nom' }], rows: [{ n: 'Alice' }, { n: 'Bob' }] });
      for (const hostile of hostileTemplates(listener.base)) {
        const uploaded = await uploadTo(t, gerant, '/api/Template', { name: hostile.fileName, data: hostile.data });
        expect(uploaded.statusCode, `${hostile.kind}: ${uploaded.body}`).toBe(201);
        const templateId = uploaded.json().data.id as string;

        const preview = await gerant.call('POST', '/api/Template/generate/pdf', 'template', { templateId, values: { name: 'Zoé' } });
        expect(preview.statusCode, `${hostile.kind}: ${preview.body}`).toBe(200);
        expect(await pdfText(preview.rawPayload)).toContain('Bonjour Zoé.');

        const started = await uploadTo(
          t,
          gerant,
          '/api/batch/generate/pdf',
          { name: 'people.xlsx', data: sheet },
          { request: JSON.stringify({ templateId, mapping: { name: { column: 'Nom' } }, firstLineIsHeader: true }) },
        );
        expect(started.statusCode, `${hostile.kind}: ${started.body}`).toBe(202);
        const done = await t.waitFor(async () => {
          const batch = (await gerant.call('GET', `/api/batch/generate/pdf/${started.json().data.id}`, 'template')).json().data as GenerationBatch;
          return batch.status === 'done' || batch.status === 'failed' ? batch : null;
        }, 120_000);
        expect(done, hostile.kind).toMatchObject({ status: 'done', done: 2, failed: 0 });
        expect(listener.seen, `${hostile.kind} made the converter connect out`).toEqual([]);
      }
      // Every package had its references stripped before conversion (both modes: the second wall is always up).
      expect(officeEngineFor(t.server.platform.config).stats().strippedReferences).toBeGreaterThanOrEqual(hostileTemplates(listener.base).length);

      // The converters' own view: in `auto`, a network namespace that is not the server's, with nothing but `lo`.
      const calls = readFileSync(log, 'utf8').trim().split('\n');
      expect(calls.length).toBeGreaterThanOrEqual(hostileTemplates(listener.base).length * 2);
      for (const call of calls) {
        const [, namespace, interfaces] = /^ns (\S+) if (\S*)$/.exec(call)!;
        if (mode === 'auto') {
          expect(namespace).not.toBe(ownNamespace);
          expect(interfaces!.split(',').filter(Boolean)).toEqual(['lo']);
        } else expect(namespace).toBe(ownNamespace);
      }
    }, 600_000);
  });
}
