import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob, defineModule } from '../../src/platform/modules.ts';
import { modules } from '../../src/modules.ts';
import { createTestContext, engine, type TestContext } from '../support/harness.ts';

/**
 * Workers are woken by NOTIFY when a job's transaction commits (platform/jobs/boss.ts), not by polling every second
 * (on the embedded database ~45 polls a second held the main thread). Here the workers look for jobs only every 60 s
 * on their own: a committed job still runs at once, a rolled-back one never wakes anything.
 */
const ran: string[] = [];
const wakeQueue = 'test-wake';
const wakeModule = defineModule({
  name: 'test-wake',
  jobs: [
    defineJob<{ label: string }>({
      queue: wakeQueue,
      async run(_platform, data) {
        ran.push(data.label);
      },
    }),
  ],
});

const waitFor = async (check: () => boolean, seconds: number) => {
  for (const end = Date.now() + seconds * 1000; Date.now() < end && !check();) await new Promise((resolve) => setTimeout(resolve, 100));
  return check();
};

// The embedded database only: PostgreSQL servers keep polling (platform/jobs/boss.ts).
describe.skipIf(engine === 'postgres')(`job wake-up by NOTIFY (${engine})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ modules: [...modules, wakeModule], pollingIntervalSeconds: 60, wakeBackstopSeconds: 60 });
    // Each worker's first fetch happens at start; after it, only a NOTIFY (or the 60 s backstop) makes it look again.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  });
  afterAll(async () => t?.close());

  it('runs a job as soon as the transaction that enqueued it commits, and never one whose transaction rolled back', async () => {
    const { jobs, database } = t.server.platform;
    await expect(
      database.inSystem(async (tx) => {
        await jobs.enqueue(tx, wakeQueue, { label: 'rolled back' });
        throw new Error('the change fails after enqueuing');
      }),
    ).rejects.toThrow('the change fails after enqueuing');
    await database.inSystem((tx) => jobs.enqueue(tx, wakeQueue, { label: 'committed' }));
    // Well under the 60 s the worker would otherwise sleep (before this change it would wait for its next poll).
    expect(await waitFor(() => ran.includes('committed'), 20)).toBe(true);
    expect(ran).toEqual(['committed']);
  });
});
