/**
 * The pool over fake `soffice` scripts (fast, deterministic: a hang, a crash, a poisonous document, the bound on
 * converters) and one real LibreOffice conversion.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDocx, paragraph } from '../../../test/templates/docx.ts';
import { AppError } from '../errors.ts';
import { createOfficeEngine, type OfficeInput } from './index.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'office-engine-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A fake soffice: writes `<name>.pdf` (the input's bytes) for each input in --outdir, after running `before`
 * (bash) with $FILES set. It logs "start"/"end" lines to $dir/<name>.log.
 */
function fake(name: string, before = ''): string {
  const file = path.join(dir, `${name}.sh`);
  const log = path.join(dir, `${name}.log`);
  writeFileSync(
    file,
    `#!/bin/bash
if [ "$1" = "--version" ]; then echo "LibreOffice 0.0 fake"; exit 0; fi
out=""; files=()
while [ $# -gt 0 ]; do case "$1" in --outdir) out="$2"; shift 2;; --convert-to) shift 2;; -*) shift;; *) files+=("$1"); shift;; esac; done
FILES="\${files[*]}"
echo "start $$" >> ${log}
${before}
for f in "\${files[@]}"; do b=$(basename "$f"); cp "$f" "$out/\${b%.*}.pdf"; done
echo "end $$" >> ${log}
`,
  );
  chmodSync(file, 0o755);
  return file;
}
const doc = (text: string): OfficeInput => ({ name: text, data: Buffer.from(text), format: 'docx' });
const ok = (name: string) => ({ name, data: Buffer.from(name) });

describe('office engine', () => {
  it('reports a missing binary as unavailable, with how to enable it, and refuses to convert', async () => {
    const engine = createOfficeEngine({ binary: path.join(dir, 'no-such-soffice'), converters: 1, timeoutMs: 1000, root: path.join(dir, 'missing') });
    const status = await engine.status();
    expect(status).toMatchObject({
      available: false,
      reason: expect.stringMatching(/not installed/),
      howToEnable: expect.stringMatching(/apt-get install -y libreoffice-writer-nogui/),
    });
    const error = await engine.convert([doc('a')], 'pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('CONVERSION_UNAVAILABLE');
    expect((error as AppError).status).toBe(503);
  });

  it('converts in chunks, never more converters at once than the pool has, answers in the inputs order', async () => {
    const engine = createOfficeEngine({ binary: fake('slow', 'sleep 0.2'), converters: 2, timeoutMs: 10_000, chunkSize: 3, root: path.join(dir, 'slow') });
    const inputs = Array.from({ length: 14 }, (_, i) => doc(`d${i}`));
    expect(await engine.convert(inputs, 'pdf')).toEqual(inputs.map((i) => ok(i.name)));
    const lines = readFileSync(path.join(dir, 'slow.log'), 'utf8').trim().split('\n');
    expect(lines.filter((l) => l.startsWith('start'))).toHaveLength(5); // ⌈14 / 3⌉ calls
    let running = 0;
    let most = 0;
    for (const line of lines) {
      running += line.startsWith('start') ? 1 : -1;
      most = Math.max(most, running);
    }
    expect(most).toBe(2);
  });

  it('kills a call that hangs, restarts the converter, and retries its documents one by one: only the poisonous one fails', async () => {
    // A document holding "HANG" never finishes (as LibreOffice on some damaged files).
    const engine = createOfficeEngine({
      binary: fake('hang', 'if grep -q HANG $FILES; then sleep 30; fi'),
      converters: 1,
      timeoutMs: 800,
      perDocumentMs: 100,
      root: path.join(dir, 'hang'),
    });
    const started = Date.now();
    const results = await engine.convert([doc('a'), doc('HANG'), doc('c')], 'pdf');
    expect(results[0]).toEqual(ok('a'));
    expect(results[1]).toMatchObject({ name: 'HANG', error: expect.stringMatching(/longer than 1 s and was stopped/) });
    expect(results[2]).toEqual(ok('c'));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(engine.stats()).toMatchObject({ restarts: 2, busy: 0, waiting: 0 });
    // The killed process group is gone (no `sleep 30` left from the script).
    const pids = readFileSync(path.join(dir, 'hang.log'), 'utf8')
      .match(/start (\d+)/g)!
      .map((l) => l.split(' ')[1]!);
    const alive = pids.filter((pid) => {
      try {
        return execFileSync('ps', ['-o', 'pid=', '--ppid', pid]).toString().trim() !== '';
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  });

  it('replaces a converter that dies, and the next call works', async () => {
    const marker = path.join(dir, 'died-once');
    const engine = createOfficeEngine({
      binary: fake('crash', `if [ ! -f ${marker} ]; then touch ${marker}; kill -9 $$; fi`),
      converters: 1,
      timeoutMs: 5000,
      root: path.join(dir, 'crash'),
    });
    const [first] = await engine.convert([doc('x')], 'pdf');
    expect(first).toMatchObject({ name: 'x', error: expect.stringMatching(/stopped \(SIGKILL\)/) });
    expect(await engine.convert([doc('y')], 'pdf')).toEqual([ok('y')]);
    expect(engine.stats().restarts).toBe(1);
  });

  it('converts a real .docx to PDF with LibreOffice', async () => {
    const engine = createOfficeEngine({ binary: process.env.SOFFICE ?? 'soffice', converters: 1, timeoutMs: 60_000, root: path.join(dir, 'real') });
    const status = await engine.status();
    expect(status.available, `LibreOffice is needed by this test: ${status.howToEnable}`).toBe(true);
    expect(status.version).toMatch(/LibreOffice/);
    const [pdf] = await engine.convert([{ name: 'a', data: buildDocx({ body: paragraph('Hello') }), format: 'docx' }], 'pdf');
    expect(pdf!.data!.subarray(0, 5).toString()).toBe('%PDF-');
  }, 90_000);
});
