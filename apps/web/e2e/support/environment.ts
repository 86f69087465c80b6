import { afterAll, beforeAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { startServer, type RunningServer } from './server.ts';
import { launchBrowser } from './browser.ts';
import { journeySteps } from './journeys.ts';
import { requestSteps } from './requests.ts';

export interface JourneyEnvironment {
  server: RunningServer;
  browser: Browser;
  steps: ReturnType<typeof journeySteps>;
  requests: ReturnType<typeof requestSteps>;
  /** A scratch folder for the files a journey writes or downloads, removed at the end. */
  workDir: string;
}

/**
 * One real server (fresh embedded database) and one Chromium for the test file, started before its tests and
 * stopped after them. The fields are filled when the tests run, so read them inside tests, not at load time.
 */
export function useJourneyEnvironment(name: string, serverEnv: Record<string, string> = {}, hostName?: string): JourneyEnvironment {
  const env = {} as JourneyEnvironment;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer(serverEnv, hostName), launchBrowser()]);
    env.steps = journeySteps(env.server, env.browser, contexts);
    env.requests = requestSteps(env.server, env.steps);
    env.workDir = fs.mkdtempSync(path.join(os.tmpdir(), `paraphe-e2e-${name}-`));
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
    if (env.workDir) fs.rmSync(env.workDir, { recursive: true, force: true });
  });
  return env;
}
