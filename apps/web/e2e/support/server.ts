import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

const repoRoot = path.resolve(new URL('../../../..', import.meta.url).pathname);
export const adminEmail = 'admin@e2e.local';
export const adminPassword = 'E2e-admin-pass1';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Every line the server printed so far. */
  logs(): string[];
  /** A point in time: mails captured after it are "new" for waitForMailSubject. */
  mark(): number;
  /**
   * Waits for the newest mail to `to` captured after `after` (a mark) and returns its subject. Read from the
   * Outbox API as the product administrator: the server never logs mail subjects (they carry codes).
   */
  waitForMailSubject(to: string, after?: number): Promise<string>;
  /**
   * The service goes away and comes back (a restart, a crash and its supervisor): the process is stopped, the
   * browser's calls fail meanwhile, `whileAway` runs, then the same server starts again on the same port and data.
   */
  outage(whileAway: () => Promise<void>): Promise<void>;
  /** Stops the process; the data folder is deleted unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** The data folder every journey's server starts from (support/global-setup.ts); unset: a fresh first start. */
export const dataTemplateVariable = 'PARAPHE_E2E_DATA_TEMPLATE';

/**
 * Starts the real server (`node apps/server/src/main.ts`) on the embedded defaults in a fresh data folder: a copy
 * of the run's set-up data (global-setup.ts) when there is one.
 */
/**
 * `hostName`: the name the browser (and PUBLIC_URL) uses for the server, 127.0.0.1 by default; `localhost` where the
 * journey needs a host name rather than an address (WebAuthn refuses IP addresses as relying-party ids).
 */
export async function startServer(env: Record<string, string> = {}, hostName = '127.0.0.1', options = { administratorSession: true }): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-e2e-'));
  const template = process.env[dataTemplateVariable];
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const lines: string[] = [];
  const url = `http://${hostName}:${port}`;
  // The test's own calls go to the address the server listens on (Node may resolve localhost to ::1 first).
  const direct = `http://127.0.0.1:${port}`;
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
      cwd: repoRoot,
      // PUBLIC_URL is the address the browser uses: the payment provider's pages send the user back there.
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    // A first start (fresh embedded database) takes about 35 s on a loaded machine; E2E_SERVER_START_MS gives it more
    // there (with vitest's --hookTimeout above it).
    const deadline = Date.now() + Number(process.env.E2E_SERVER_START_MS ?? 60_000);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${lines.join('\n')}`);
      try {
        if ((await fetch(`${direct}/healthz`)).ok) break;
      } catch {
        /* not yet listening */
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${lines.join('\n')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return child;
  };
  let child = await launch();
  const outbox = options.administratorSession ? await administratorSession(direct, lines) : undefined;
  return {
    url,
    dataDir,
    get process() {
      return child;
    },
    async outage(whileAway) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await whileAway();
      child = await launch();
    },
    logs: () => [...lines],
    mark: () => Date.now(),
    async waitForMailSubject(to, after = 0) {
      const until = Date.now() + 30_000;
      for (;;) {
        const query = new URLSearchParams({ to, channel: 'email', order: 'DESC', limit: '5' });
        if (!outbox) throw new Error('this server was started without the administrator session');
        const res = await fetch(`${direct}/api/outbox?${query}`, { headers: { authorization: `Bearer ${await outbox.token()}` } });
        const messages = ((await res.json()) as { data: { to: string; subject: string | null; createdAt: string }[] }).data;
        const hit = messages.find((m) => m.to === to && Date.parse(m.createdAt) >= after - 50);
        if (hit?.subject) return hit.subject;
        if (Date.now() > until) throw new Error(`no mail to ${to} in the outbox`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The product administrator's API session, opened as soon as the server answers: their first login code is
 * shown on the server's console (no mail server in the embedded default); later codes are read through it.
 */
async function administratorSession(url: string, lines: string[]): Promise<{ token(): Promise<string> }> {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const login = await post('/api/auth/login', { email: adminEmail, password: adminPassword });
  if (!login.ok) throw new Error(`administrator login failed: ${login.status} ${await login.text()}`);
  const cookie = /paraphe_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
  const { userId, appId } = ((await login.json()) as { data: { userId: string; appId: string } }).data;
  const token = async (audience: string) =>
    ((await (await post('/api/auth/token', { audience }, { cookie })).json()) as { data: { accessToken: string } }).data.accessToken;
  let code: string | undefined;
  for (const deadline = Date.now() + 10_000; !code; await new Promise((r) => setTimeout(r, 100))) {
    code = lines.map((l) => /your login code is (\d{6})/.exec(l)?.[1]).find(Boolean);
    if (!code && Date.now() > deadline) throw new Error(`no first login code on the console:\n${lines.join('\n')}`);
  }
  const check = await fetch(`${url}/api/Users/e2e/${appId}/logged/${userId}?code=${code}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${await token('user')}` },
  });
  if (!check.ok) throw new Error(`administrator code refused: ${await check.text()}`);
  return { token: () => token('outbox') };
}
