import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationBatch } from '@paraphe/contracts';
import { batchJobHooks } from '../../src/domains/templates/batch-job.ts';
import { createLocalStorage, type Storage } from '../../src/platform/storage.ts';
import { xlsxBuffer } from '../../src/platform/spreadsheets/index.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { buildDocx, paragraph, run } from './docx.ts';
import { mergeClient, pdfText, uploadTo } from './support.ts';

const template = () => buildDocx({ header: paragraph('Contrat ${ref}'), body: paragraph('Pour ', run('${first'), run('name}'), ' ${lastname}, ${company}.') });

const sheetOf = (rows: string[][]) => {
  const [head = [], ...body] = rows;
  return xlsxBuffer({
    sheetName: 'S',
    columns: head.map((h, i) => ({ key: `c${i}`, header: h })),
    rows: body.map((r) => Object.fromEntries(r.map((v, i) => [`c${i}`, v]))),
  });
};
const people = (n: number) => Array.from({ length: n }, (_, i) => [`R-${i + 1}`, `Prénom${i + 1}`, `Nom${i + 1}`]);
const mapping = { ref: { column: 'Référence' }, firstname: { column: 1 }, lastname: { column: 'nom' }, company: { value: 'Société Ünïcode 株式会社' } };

describe(`mail-merge batches (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let templateId: string;
  /** Every write of a batch PDF, by key: a PDF is made once, even across a crash. */
  const puts = new Map<string, number>();
  beforeAll(async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-merge-'));
    const local = createLocalStorage(root);
    const storage: Storage = {
      ...local,
      async put(key, data) {
        if (key.includes('/merge-batch-')) puts.set(key, (puts.get(key) ?? 0) + 1);
        return local.put(key, data);
      },
    };
    t = await createTestContext({ storage });
    gerant = await mergeClient(t);
    templateId = (await uploadTo(t, gerant, '/api/Template', { name: 'contrat.docx', data: template() })).json().data.id;
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    batchJobHooks.afterRow = undefined;
    batchJobHooks.chunkSize = undefined;
  });

  const start = async (rows: string[][], body: Record<string, unknown>) =>
    uploadTo(t, gerant, '/api/batch/generate/pdf', { name: 'people.xlsx', data: await sheetOf(rows) }, { request: JSON.stringify({ templateId, ...body }) });
  const waitDone = (id: string, seen: GenerationBatch[] = []) =>
    t.waitFor(async () => {
      const batch = (await gerant.call('GET', `/api/batch/generate/pdf/${id}`, 'template')).json().data as GenerationBatch;
      seen.push(batch);
      return batch.status === 'done' || batch.status === 'failed' ? batch : null;
    }, 120_000);

  it('refuses a mapping with an unmapped variable, an unknown column, or rows lacking values — saying which', async () => {
    const rows = [['Référence', 'Prénom', 'Nom'], ...people(4)];
    const unmapped = await start(rows, { mapping: { ref: { column: 0 }, firstname: { column: 'Email' } } });
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.json().error.message).toBe(
      'Map the variables ${lastname}, ${company} to a column or a fixed value. ${firstname}: the sheet has no column "Email".',
    );
    expect(unmapped.json().error.details).toMatchObject({ unmapped: ['lastname', 'company'], unknownColumns: [{ variable: 'firstname', column: 'Email' }] });

    rows[2] = ['R-2', '', 'Nom2'];
    rows[4] = ['R-4', ' ', ''];
    const lacking = await start(rows, { mapping });
    expect(lacking.statusCode).toBe(400);
    expect(lacking.json().error.details).toMatchObject({
      rowsMissingCount: 2,
      rowsMissingValues: [
        { line: 3, variables: ['firstname'] },
        { line: 5, variables: ['firstname', 'lastname'] },
      ],
    });
    expect(lacking.json().error.message).toBe('2 rows lack a value: line 3 (${firstname}), line 5 (${firstname}, ${lastname}).');

    const bad = await uploadTo(t, gerant, '/api/batch/generate/pdf', { name: 'people.xlsx', data: await sheetOf(rows) }, { request: '{"templateId": 1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/not JSON/);
  });

  it('generates one PDF per row as a job with progress, downloadable as a zip', async () => {
    const rows = [['Référence', 'Prénom', 'Nom'], ...people(12)];
    const res = await start(rows, { mapping });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ status: 'queued', total: 12, done: 0 });
    const early = await gerant.call('GET', `/api/batch/generate/pdf/${res.json().data.id}/zip`, 'template');
    expect([409, 200]).toContain(early.statusCode);
    const seen: GenerationBatch[] = [];
    const done = await waitDone(res.json().data.id, seen);
    expect(done).toMatchObject({ status: 'done', total: 12, done: 12, failed: 0, failures: [] });
    expect(seen.every((b, i) => i === 0 || b.done >= seen[i - 1]!.done)).toBe(true);

    const zip = await gerant.call('GET', `/api/batch/generate/pdf/${done.id}/zip`, 'template');
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(zip.rawPayload);
    expect(Object.keys(files)).toEqual(Array.from({ length: 12 }, (_, i) => `line-${String(i + 2).padStart(2, '0')}.pdf`));
    const text = await pdfText(files['line-05.pdf']!);
    expect(text).toContain('Contrat R-4');
    expect(text).toContain('Pour Prénom4 Nom4, Société Ünïcode 株式会社.');
  });

  it('fills one copy per document, on the worker threads ten at a time, a template whose copies cannot share one', async () => {
    // NUMPAGES counts the pages of the whole document: merged, every copy would print the total of all of them.
    const counted = buildDocx({
      body:
        paragraph('Pour ${firstname} ${lastname}, ${company}, réf. ${ref}.') +
        '<w:p><w:fldSimple w:instr=" NUMPAGES "><w:r><w:t>1</w:t></w:r></w:fldSimple></w:p>',
    });
    const uploaded = await uploadTo(t, gerant, '/api/Template', { name: 'compte.docx', data: counted });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const res = await uploadTo(
      t,
      gerant,
      '/api/batch/generate/pdf',
      { name: 'people.xlsx', data: await sheetOf([['Référence', 'Prénom', 'Nom'], ...people(12)]) },
      { request: JSON.stringify({ templateId: uploaded.json().data.id, mapping }) },
    );
    expect(res.statusCode, res.body).toBe(202);
    const done = await waitDone(res.json().data.id);
    expect(done).toMatchObject({ status: 'done', total: 12, done: 12, failed: 0 });
    const files = unzipSync((await gerant.call('GET', `/api/batch/generate/pdf/${done.id}/zip`, 'template')).rawPayload);
    // The first copy of the first task of ten, and the last copy of the second task.
    expect(await pdfText(files['line-02.pdf']!)).toContain('Pour Prénom1 Nom1, Société Ünïcode 株式会社, réf. R-1.');
    expect(await pdfText(files['line-13.pdf']!)).toContain('Pour Prénom12 Nom12, Société Ünïcode 株式会社, réf. R-12.');
  });

  it('resumes a batch killed midway without making again the PDFs already stored', async () => {
    batchJobHooks.chunkSize = 2;
    let crashes = 0;
    batchJobHooks.afterRow = () => {
      if (crashes++ === 0) throw new Error('simulated crash after the first PDF');
    };
    const rows = [['Référence', 'Prénom', 'Nom'], ...people(12)];
    const res = await start(rows, { mapping });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id as string;
    const done = await waitDone(id);
    expect(done).toMatchObject({ status: 'done', total: 12, done: 12, failed: 0 });
    const mine = [...puts].filter(([key]) => key.includes(id));
    expect(mine).toHaveLength(12);
    expect(mine.every(([, n]) => n === 1)).toBe(true);
    expect(crashes).toBeGreaterThan(12); // the first run stopped at its first PDF; the retry went through
  });
});
