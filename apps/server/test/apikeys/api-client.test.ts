import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyEndpoints, pathOf } from '@paraphe/contracts';
import { followRequest, launchCampaign, requestsSince, sendContract } from '../../clients/api-v1/examples.ts';
import { generateClientTypes, generatedClientFile } from '../../scripts/api-client-generation.ts';
import { createTestContext, type TestContext } from '../support/harness.ts';
import { makePdf, tenantWithGerant } from '../support/signatures.ts';

/** The typed TypeScript client of /api/v1: current with the descriptors, and the docs' examples run against a server. */
const examplesFile = new URL('../../clients/api-v1/examples.ts', import.meta.url);
const docsFile = new URL('../../../../docs/api-v1.md', import.meta.url);

describe('the generated client', () => {
  it('is what the descriptors give today (run `node apps/server/scripts/api-client.ts` after changing them)', async () => {
    expect(await generateClientTypes()).toBe(fs.readFileSync(generatedClientFile, 'utf8'));
  });

  it('has its examples in docs/api-v1.md, verbatim', () => {
    const examples = fs.readFileSync(examplesFile, 'utf8');
    const docs = fs.readFileSync(docsFile, 'utf8');
    for (const block of examples.split(/\n(?=\/\/ )/).slice(1)) expect(docs).toContain(block.trim());
  });
});

describe('the examples, against a server', () => {
  let t: TestContext;
  let baseUrl: string;
  let apiKey: string;
  const pdfPath = path.join(os.tmpdir(), `paraphe-example-${process.pid}.pdf`);
  beforeAll(async () => {
    t = await createTestContext();
    const { client } = await tenantWithGerant(t, { features: { api: true, campaign: true } });
    apiKey = (await client.call('POST', pathOf(apiKeyEndpoints.create), 'application', { label: 'examples', scopes: ['read', 'create', 'send'] })).json().data
      .secret;
    fs.writeFileSync(pdfPath, await makePdf(1));
    baseUrl = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    fs.rmSync(pdfPath, { force: true });
    await t?.close();
  });

  it('send a contract, follow it, list the month', async () => {
    const created = await sendContract(baseUrl, apiKey, pdfPath);
    expect(created.signerCount).toBe(2);
    const followed = await followRequest(baseUrl, apiKey, created.id);
    expect(followed.signingUrl).toContain('/#/sign/');
    expect(new Date(followed.validUntil).getTime()).toBeGreaterThan(Date.now());
    const listed = await requestsSince(baseUrl, apiKey, new Date(Date.now() - 86_400_000).toISOString());
    expect(listed.map((r) => r.id)).toContain(created.id);
  });

  it('launch a campaign and follow its counters', async () => {
    const people = [
      { firstname: 'Chloé', lastname: 'Renewal', emailAddress: 'chloe@example.com' },
      { firstname: 'David', lastname: 'Renewal', emailAddress: 'david@example.com' },
    ];
    const launched = await launchCampaign(baseUrl, apiKey, pdfPath, people);
    expect(launched).toMatchObject({ status: 'ready', sent: 2, signed: 0 });
  });
});
