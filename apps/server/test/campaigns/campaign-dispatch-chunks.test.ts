import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultDispatchChunk } from '../../src/platform/config.ts';
import { dispatchHooks } from '../../src/domains/campaigns/dispatch.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { campaignTenant, createCampaign, signatory, waitForStatus } from './support.ts';

/**
 * The embedded database keeps answering during a campaign (docs/campaigns.md, "Dispatch"; issue 24 item 12): PGlite is
 * one connection whose queries run on the main thread, so the dispatch works in chunks of 100 (500 on PostgreSQL) and
 * gives the event loop a turn (a 25 ms pause on PGlite) after each, where a request that came meanwhile runs. Before,
 * 500 signatories went in one transaction and the chunks followed each other without a turn of the event loop: a
 * 5,000-copy dispatch held /healthz 13.6 s. Behaviour only here (no timing): the figures are the bench's
 * (bench/dispatch-responsiveness.bench.ts).
 */
describe(`campaign dispatch: chunks sized for the engine, requests served between them (${engine})`, () => {
  let t: TestContext;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestContext({ env: { EMAIL_DOMAIN_CHECK: 'off' } });
    ({ client } = await campaignTenant(t));
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    dispatchHooks.afterChunk = undefined;
  });

  it('dispatches in chunks of the engine default; a timer and an API request run between chunks, before the dispatch ends', async () => {
    // The default follows DATABASE_URL (the harness gives PostgreSQL's database without it: the embedded default).
    const chunk = t.config.dispatchChunk;
    expect(chunk).toBe(defaultDispatchChunk[t.config.embedded ? 'pglite' : 'postgres']);
    if (engine === 'pglite') expect(chunk).toBe(100);
    // Five chunks on PGlite; 250 signatories on PostgreSQL.
    const total = engine === 'pglite' ? 5 * chunk : 250;
    const events: string[] = [];
    const sizes: number[] = [];
    let request: Promise<number> | undefined;
    const token = await client.token('history');
    dispatchHooks.afterChunk = ({ sent }) => {
      sizes.push(sent);
      events.push(`chunk ${sizes.length}`);
      if (sizes.length !== 1) return;
      // After the first chunk: a timer, and an interactive request (the requests list) that arrives now.
      setTimeout(() => events.push('timer'), 0);
      request = t.request({ method: 'GET', url: '/api/transactions?limit=20', token }).then((res) => {
        events.push('request');
        return res.statusCode;
      });
    };
    const created = await createCampaign(t, client, { signatories: Array.from({ length: total }, (_, i) => signatory(i)), send: true });
    const ready = await waitForStatus(t, client, created.id, ['ready'], 120_000);
    expect(ready.counts).toMatchObject({ sent: total, queued: 0 });
    expect(await request).toBe(200);

    expect(sizes.reduce((a, b) => a + b, 0)).toBe(total);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(chunk);
    expect(sizes).toHaveLength(Math.ceil(total / chunk));
    // The event loop had a turn right after the first chunk (the timer fired before the second chunk committed).
    if (sizes.length > 1) expect(events.indexOf('timer')).toBeLessThan(events.indexOf('chunk 2'));
    // The request was served while the dispatch went on, not after its last chunk.
    if (sizes.length > 1) expect(events.indexOf('request')).toBeLessThan(events.indexOf(`chunk ${sizes.length}`));
  }, 180_000);
});
