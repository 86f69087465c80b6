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
  /** Waits for the next mail captured for `to` (subject), from the server log. */
  waitForMailSubject(to: string, after?: number): Promise<string>;
  stop(): Promise<void>;
}

/** Starts the real server (`node apps/server/src/main.ts`) on the embedded defaults in a fresh data folder. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-e2e-'));
  const port = await freePort();
  const lines: string[] = [];
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${lines.join('\n')}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not yet listening */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    process: child,
    logs: () => [...lines],
    async waitForMailSubject(to, after = 0) {
      const until = Date.now() + 30_000;
      for (;;) {
        const hit = lines
          .slice(after)
          .map((l) => {
            try {
              return JSON.parse(l) as { msg?: string; to?: string; subject?: string };
            } catch {
              return {};
            }
          })
          .reverse()
          .find((l) => l.msg === 'mail captured in the outbox' && l.to === to);
        if (hit?.subject) return hit.subject;
        if (Date.now() > until) throw new Error(`no mail to ${to} in the log`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
