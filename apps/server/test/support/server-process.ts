import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { applicationSettingsSchema, defaultFeatureFlags } from '@paraphe/contracts';
import type { DatabaseHandle } from '../../src/platform/db/client.ts';
import { openPglite } from '../../src/platform/db/pglite.ts';
import { openPostgres } from '../../src/platform/db/postgres.ts';
import { ensurePlatform } from '../../src/domains/applications/index.ts';
import { addApplication, changeApplication } from '../../src/domains/tenants/index.ts';
import { hashPassword } from '../../src/domains/users/index.ts';
import { insertUser } from '../../src/domains/users/repository.ts';
import { engine } from './harness.ts';
import { serverEnv, serverNodeFlags } from './node-flags.ts';

/**
 * A real server PROCESS (`node apps/server/src/main.ts`), for the fault tests that kill it (-9) and start it again
 * on the same data: the embedded database folder (PGlite) or a fresh PostgreSQL database made for the test.
 */

const repoRoot = path.resolve(new URL('../../../..', import.meta.url).pathname);
export const adminEmail = 'admin@fault.local';
export const password = 'Fault-pass-1';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface FaultSite {
  engine: 'pglite' | 'postgres';
  dataDir: string;
  /** The database name (PostgreSQL) and a superuser connection string to it. */
  databaseName?: string;
  adminUrl?: string;
  env: Record<string, string>;
  /** Opens the site's database in this process (only while no server process runs on the embedded one). */
  open(): Promise<DatabaseHandle>;
  /** A tenant (test mode, no second factor) and its GERANT, written before the server starts. */
  tenant: { appId: string; gerantEmail: string };
  remove(): Promise<void>;
}

/** The data of a server: a folder, the database (created and seeded here), the environment to start it with. */
export async function createFaultSite(opts: { settings?: Record<string, unknown> } = {}): Promise<FaultSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-fault-'));
  let databaseName: string | undefined;
  let adminUrl: string | undefined;
  let url: string | undefined;
  if (engine === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    databaseName = `paraphe_f_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${databaseName}`;
    url = adminUrl = u.toString();
  }
  const open = () => (url ? openPostgres(url) : openPglite(path.join(dataDir, 'pg')));
  const database = await open();
  let tenant: FaultSite['tenant'];
  try {
    await ensurePlatform(database, { email: adminEmail, password });
    tenant = await database.inSystem(async (tx) => {
      const app = await addApplication(tx, {
        company: 'Fault Test',
        testMode: true,
        features: { ...defaultFeatureFlags },
        settings: applicationSettingsSchema.parse({ doubleAuth: false, ...opts.settings }),
      });
      const gerant = await insertUser(tx, {
        appId: app.id,
        email: `gerant-${randomBytes(4).toString('hex')}@example.com`,
        firstName: 'Gérard',
        lastName: 'Gerant',
        profile: 'GERANT',
        passwordHash: await hashPassword(password),
        emailConfirmedAt: new Date(),
        language: 'en',
      });
      await changeApplication(tx, app.id, { ownerUserId: gerant.id });
      return { appId: app.id, gerantEmail: gerant.email };
    });
  } finally {
    await database.close();
  }
  return {
    engine,
    dataDir,
    databaseName,
    adminUrl,
    env: {
      DATA_DIR: dataDir,
      ...(url ? { DATABASE_URL: url } : {}),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: password,
      SECRET_KEY: 'f'.repeat(40),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    open,
    tenant,
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseName) {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
        await admin.connect();
        await admin.query(`drop database if exists ${databaseName} with (force)`).catch(() => undefined);
        await admin.end();
      }
    },
  };
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  logs(): string[];
  alive(): boolean;
  /** kill -9: no shutdown, no cleanup (the lock file and claimed jobs stay behind). */
  crash(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** Resident memory of the process (kB), from /proc. */
  rssKb(): number;
}

/** Starts the server on the site and waits until /healthz answers 200. */
export async function startServerProcess(
  site: FaultSite,
  opts: { port?: number; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const lines: string[] = [];
  // The flags `./paraphe start` gives the server (memory figures are measured on the same process).
  const child = spawn(process.execPath, [...serverNodeFlags, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...serverEnv, ...process.env, TEST_DATABASE_URL: '', ...site.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  // What /healthz last answered: a server that listens but stays unhealthy says why (storage, database…) in the error.
  let lastHealth = 'no answer';
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${lines.join('\n')}`);
    try {
      const health = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) });
      if (health.ok) break;
      lastHealth = `${health.status} ${await health.text()}`;
    } catch (error) {
      lastHealth = `no answer (${(error as Error).message})`;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start (last /healthz: ${lastHealth}):\n${lines.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    port,
    child,
    logs: () => [...lines],
    alive,
    async crash() {
      if (alive()) {
        child.kill('SIGKILL');
        await exited;
      }
    },
    async stop() {
      if (alive()) {
        child.kill('SIGTERM');
        await exited;
      }
    },
    rssKb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]);
    },
  };
}

/** The public API of a running server, as the gerant (and, for the outbox, the product administrator). */
export class ApiClient {
  private tokens = new Map<string, string>();
  private cookie: string | undefined;
  base: string;
  private email: string;
  private readonly secondFactor?: () => Promise<string>;
  constructor(base: string, email: string, secondFactor?: () => Promise<string>) {
    this.base = base;
    this.email = email;
    this.secondFactor = secondFactor;
  }

  /** The session survives restarts (it is in the database); access tokens are re-asked when refused. */
  async login(): Promise<void> {
    const res = await fetch(`${this.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: this.email, password }),
    });
    if (!res.ok) throw new Error(`login ${this.email}: ${res.status} ${await res.text()}`);
    this.cookie = /paraphe_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
    const { userId, appId, requestDoubleAuth } = ((await res.json()) as { data: { userId: string; appId: string; requestDoubleAuth: boolean } }).data;
    this.tokens.clear();
    if (requestDoubleAuth) {
      const code = await this.secondFactor!();
      const check = await fetch(`${this.base}/api/Users/fault/${appId}/logged/${userId}?code=${code}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${await this.token('user')}` },
      });
      if (!check.ok) throw new Error(`second factor refused: ${await check.text()}`);
    }
  }

  async token(audience: string): Promise<string> {
    const cached = this.tokens.get(audience);
    if (cached) return cached;
    const res = await fetch(`${this.base}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.cookie! },
      body: JSON.stringify({ audience }),
    });
    if (!res.ok) throw new Error(`token ${audience}: ${res.status} ${await res.text()}`);
    const token = ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
    this.tokens.set(audience, token);
    return token;
  }

  async call(method: string, url: string, audience: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const init = (token: string): RequestInit => ({
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
    const res = await fetch(`${this.base}${url}`, init(await this.token(audience)));
    if (res.status !== 401) return res;
    this.tokens.delete(audience);
    return fetch(`${this.base}${url}`, init(await this.token(audience)));
  }

  async json<T = { data: unknown }>(method: string, url: string, audience: string, body?: unknown): Promise<T> {
    const res = await this.call(method, url, audience, body);
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }
}

/** Retries `fn` while the server is restarting (connection refused / reset). */
export async function whileRestarting<T>(fn: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export async function waitUntil<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const randomBetween = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));
