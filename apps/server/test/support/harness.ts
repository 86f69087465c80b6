import pg from 'pg';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Audience, Profile } from '@paraphe/contracts';
import { loadConfig, type Config } from '../../src/platform/config.ts';
import { openPglite } from '../../src/platform/db/pglite.ts';
import { openPostgres } from '../../src/platform/db/postgres.ts';
import type { DatabaseHandle } from '../../src/platform/db/client.ts';
import { outboxMessages } from '../../src/platform/db/schema/index.ts';
import { users } from '../../src/domains/users/schema.ts';
import { createLogger, type Logger } from '../../src/platform/logger.ts';
import type { MailTransport } from '../../src/platform/messaging/transports.ts';
import type { Storage } from '../../src/platform/storage.ts';
import { createServer, type Server } from '../../src/server.ts';
import { ensurePlatform } from '../../src/domains/applications/index.ts';
import { addApplication, changeApplication } from '../../src/domains/tenants/index.ts';
import { hashPassword } from '../../src/domains/users/index.ts';
import { insertUser } from '../../src/domains/users/repository.ts';
import type { Module } from '../../src/platform/modules.ts';
import { modules as serverModules } from '../../src/modules.ts';
import { pgliteDumpVariable, postgresTemplateVariable } from './global-setup.ts';
import { applicationSettingsSchema, defaultFeatureFlags } from '@paraphe/contracts';

/** Integration tests run on PGlite by default and on a real PostgreSQL when TEST_DATABASE_URL is set. */
export const engine: 'pglite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
/** A tenant id no custom domain belongs to: links on PUBLIC_URL, for tests that only read a link's token. */
export const tenantWithoutDomain = '00000000-0000-0000-0000-000000000000';
export const password = 'Secret-pass1';
export const adminEmail = 'admin@test.local';

/** The migrated database of this run (global-setup.ts), when the run made one. */
const migratedCluster = process.env[pgliteDumpVariable];
const migratedTemplate = process.env[postgresTemplateVariable];

/** A fresh database of the test engine (createTestContext opens one itself; a test wrapping its handle opens it here). */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const from = migratedCluster ? new Blob([fs.readFileSync(migratedCluster)]) : undefined;
    return { database: await openPglite(undefined, { from }), drop: async () => undefined };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `paraphe_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${migratedTemplate ? ` template ${migratedTemplate}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    database,
    drop: async () => {
      // pg's Pool.end() resolves before its sockets are closed: a forced drop would kill connections that are
      // still saying goodbye (57P01, an unhandled error in the test run). Wait for them to go, force only at last.
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name}${attempt >= 50 ? ' with (force)' : ''}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

export interface TestContext {
  server: Server;
  config: Config;
  database: DatabaseHandle;
  now: { value: Date | undefined };
  /** Lines the server showed on its console (operator notices). */
  notices: string[];
  close(): Promise<void>;
  request(opts: {
    method: string;
    url: string;
    token?: string;
    body?: unknown;
    cookie?: string;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse>;
  /** Logs in through the API (password, second factor from the outbox) and returns a client with tokens per audience. */
  /** `language`: the login page's language (adopted by an account whose language nobody chose). */
  login(email: string, pass?: string, language?: string): Promise<TestClient>;
  factory: Factory;
  lastMessageTo(to: string): Promise<typeof outboxMessages.$inferSelect | undefined>;
  /** A snapshot of tables, to prove a refused call changed nothing. */
  snapshot(): Promise<string>;
  /** pg-boss jobs of a queue, whatever their state (created, retry, active, completed…). */
  jobCount(queue: string): Promise<number>;
  /**
   * The client's notifications of a type once one about `requestId` exists: notifications are derived from
   * domain events by a subscriber job, so they arrive shortly after the change.
   */
  notificationsAbout(
    client: TestClient,
    type: string,
    requestId: string,
  ): Promise<{ message: string; data: Record<string, unknown>; read: boolean; type: string }[]>;
  /** Polls `probe` until it returns a truthy value (jobs run asynchronously); throws after `timeoutMs`. */
  waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs?: number): Promise<T>;
}

export interface TestClient {
  userId: string;
  appId: string;
  cookie: string;
  token(audience: Audience): Promise<string>;
  call(method: string, url: string, audience: Audience, body?: unknown): Promise<LightMyRequestResponse>;
}

export async function createTestContext(
  opts: {
    mailTransport?: MailTransport;
    env?: Record<string, string>;
    modules?: readonly Module[];
    logger?: Logger;
    storage?: Storage;
    /** A database opened by the caller (a benchmark keeping its data between runs): closed, not dropped, at the end. */
    database?: DatabaseHandle;
    /** How often idle workers look for jobs: 0.5 s in tests (faster to settle); a benchmark passes production's 1 s. */
    pollingIntervalSeconds?: number;
    /** Between NOTIFY wake-ups (platform/jobs/boss.ts): the polling interval by default; a benchmark passes production's 15 s. */
    wakeBackstopSeconds?: number;
  } = {},
): Promise<TestContext> {
  const { database, drop } = opts.database ? { database: opts.database, drop: async () => undefined } : await openTestDatabase();
  // Uploaded files go to a folder of this context, removed on close.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-test-'));
  const config = loadConfig({
    ADMIN_EMAIL: adminEmail,
    LOG_LEVEL: 'silent',
    PORT: '3999',
    SECRET_KEY: 'x'.repeat(40),
    DATA_DIR: dataDir,
    TRUST_PROXY: 'loopback',
    // Tests change the disk between two /healthz calls and must see it at the next one: no answer from an earlier probe.
    HEALTH_STORAGE_WAIT_MS: '10000',
    HEALTH_DATABASE_WAIT_MS: '10000',
    ...opts.env,
  });
  await ensurePlatform(database, { email: adminEmail, password });
  const now = { value: undefined as Date | undefined };
  const notices: string[] = [];
  const server = await createServer({
    config,
    database,
    logger: opts.logger ?? createLogger('silent'),
    clock: () => now.value ?? new Date(),
    mailTransport: opts.mailTransport,
    storage: opts.storage,
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 0.5,
    wakeBackstopSeconds: opts.wakeBackstopSeconds,
    modules: opts.modules ?? serverModules,
    notice: (line) => notices.push(line),
  });
  await server.app.ready();

  const request: TestContext['request'] = ({ method, url, token, body, cookie, headers }) =>
    server.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(cookie ? { cookie } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  const lastMessageTo = async (to: string) => {
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(desc(outboxMessages.createdAt)).limit(1);
    return row;
  };

  const login = async (email: string, pass = password, language?: string): Promise<TestClient> => {
    const res = await request({ method: 'POST', url: '/api/auth/login', body: { email, password: pass, ...(language ? { language } : {}) } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    const { userId, appId, requestDoubleAuth } = res.json().data;
    const cookie = `paraphe_session=${res.cookies.find((c) => c.name === 'paraphe_session')!.value}`;
    const tokens = new Map<Audience, string>();
    const token = async (audience: Audience) => {
      if (!tokens.has(audience)) {
        const t = await request({ method: 'POST', url: '/api/auth/token', cookie, body: { audience } });
        if (t.statusCode !== 200) throw new Error(`token ${audience}: ${t.statusCode} ${t.body}`);
        tokens.set(audience, t.json().data.accessToken);
      }
      return tokens.get(audience)!;
    };
    if (requestDoubleAuth) {
      const [user] = await database.db.select().from(users).where(eq(users.id, userId));
      const to = user!.mobile ?? user!.email;
      const message = await lastMessageTo(to);
      const code = /\b(\d{6})\b/.exec(message!.text)![1];
      const check = await request({ method: 'PATCH', url: `/api/Users/web/${appId}/logged/${userId}?code=${code}`, token: await token('user') });
      if (check.statusCode !== 200) throw new Error(`code check failed: ${check.body}`);
    }
    return {
      userId,
      appId,
      cookie,
      token,
      call: async (method, url, audience, body) => request({ method, url, token: await token(audience), body }),
    };
  };

  const factory = createFactory(database);
  return {
    server,
    config,
    database,
    now,
    notices,
    request,
    login,
    factory,
    lastMessageTo,
    async snapshot() {
      // Everything a refused call could have touched, in a stable order.
      const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
      return JSON.stringify([
        await rows(sql`select id, email, profile, parent_id, active, first_name, last_name, updated_at from users order by id`),
        await rows(sql`select id, company, enabled, test_mode, pack, features, settings, updated_at from applications order by id`),
        await rows(sql`select count(*)::int as n from sessions where revoked_at is null`),
        await rows(sql`select count(*)::int as n from outbox_messages`),
        await rows(sql`select count(*)::int as n from one_time_tokens`),
        await rows(sql`select id, status, label, options, sent_at, expires_at, canceled_at, archive_key, updated_at from signature_requests order by id`),
        await rows(sql`select id, status, email, signer_index, invited_at, mail_reminders, cancel_notified_at from signers order by id`),
        await rows(sql`select id, request_id, storage_key, sha256 from signature_documents order by id`),
        await rows(sql`select count(*)::int as n from signature_fields`),
        await rows(sql`select id, read_at from notifications order by id`),
      ]);
    },
    async jobCount(queue) {
      const result = (await database.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${queue}`)) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    },
    waitFor,
    notificationsAbout: (client, type, requestId) =>
      waitFor(async () => {
        const notes = (await client.call('GET', `/api/notifications?type=${type}&limit=100`, 'notification')).json().data as Awaited<
          ReturnType<TestContext['notificationsAbout']>
        >;
        return notes.some((n) => n.data.requestId === requestId) ? notes : null;
      }),
    async close() {
      await server.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let ipSequence = 0;
/** Headers giving the request its own client address: rate limits count per IP, and tests must not share a bucket. */
export function freshIp(): Record<string, string> {
  ipSequence++;
  return { 'x-forwarded-for': `10.${process.pid % 250}.${Math.floor(ipSequence / 250) % 250}.${ipSequence % 250}` };
}

/** The single-use token of the link in an account mail (confirm, reset, set-password). */
export function linkToken(text: string): string {
  const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no link token in: ${text}`);
  return match[1]!;
}

/** The session cookie set by a login response, as a Cookie header value. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'paraphe_session');
  if (!cookie) throw new Error(`no session cookie: ${res.statusCode} ${res.body}`);
  return `paraphe_session=${cookie.value}`;
}

export interface Factory {
  tenant(opts?: {
    company?: string;
    testMode?: boolean;
    features?: Partial<typeof defaultFeatureFlags>;
    doubleAuth?: boolean;
  }): Promise<{ appId: string; gerant: { id: string; email: string } }>;
  user(
    appId: string,
    opts: { profile: Profile; parentId?: string | null; email?: string; active?: boolean; mobile?: string },
  ): Promise<{ id: string; email: string }>;
}

let sequence = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++sequence}@example.com`;

function createFactory(database: DatabaseHandle): Factory {
  let cachedHash: string | undefined;
  const passwordHash = async () => (cachedHash ??= await hashPassword(password));
  return {
    async tenant(opts = {}) {
      return database.inSystem(async (tx) => {
        const app = await addApplication(tx, {
          company: opts.company ?? `Company ${++sequence}`,
          testMode: opts.testMode ?? true,
          features: { ...defaultFeatureFlags, ...opts.features },
          settings: applicationSettingsSchema.parse({ doubleAuth: opts.doubleAuth ?? true }),
        });
        const gerant = await insertUser(tx, {
          appId: app.id,
          email: uniqueEmail('gerant'),
          firstName: 'Gérard',
          lastName: 'Gerant',
          profile: 'GERANT',
          passwordHash: await passwordHash(),
          emailConfirmedAt: new Date(),
        });
        await changeApplication(tx, app.id, { ownerUserId: gerant.id });
        return { appId: app.id, gerant: { id: gerant.id, email: gerant.email } };
      });
    },
    async user(appId, opts) {
      return database.inSystem(async (tx) => {
        const user = await insertUser(tx, {
          appId,
          email: opts.email ?? uniqueEmail(opts.profile.toLowerCase()),
          firstName: 'Test',
          lastName: opts.profile,
          profile: opts.profile,
          parentId: opts.parentId ?? null,
          active: opts.active ?? true,
          mobile: opts.mobile ?? null,
          passwordHash: await passwordHash(),
          emailConfirmedAt: new Date(),
        });
        return { id: user.id, email: user.email };
      });
    },
  };
}
