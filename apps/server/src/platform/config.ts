import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import { isValidCreditorId, isValidIban, type IssuerFields } from '@paraphe/contracts';
import { readTrustedRoots } from './trusted-roots.ts';

/**
 * Every setting of the server, read from the environment with a default that runs the product with no
 * external service. docs/configuration.md lists them; a wrong value stops the start with a clear message.
 */
/**
 * Rows per dispatch transaction when DISPATCH_CHUNK is not set: on the embedded database (one connection, every
 * request waits for the chunk in flight) 100, a transaction of a few hundred ms; on PostgreSQL 500 (docs/campaigns.md).
 */
export const defaultDispatchChunk = { pglite: 100, postgres: 500 } as const;

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Paraphe <no-reply@paraphe.local>'),
  // Tenants' own senders (docs/mail-senders.md): the SPF include of the platform's sending service, which a tenant's
  // SPF record should name (`include:<this>`). Unset: the SPF record is shown as advice only.
  MAIL_SPF_INCLUDE: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)(_?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a DNS name such as _spf.mail.example.com')
    .optional(),
  SMS_HTTP_URL: z.url('must be a URL').optional(),
  // Signing-provider connection test (docs/settings.md): the external provider's test address; without it, the
  // product's own engine is the provider and complete credentials pass.
  SIGNING_PROVIDER_TEST_URL: z.url('must be a URL').optional(),
  // The survey connector (docs/connectors.md): Typeform's API; https://api.eu.typeform.com for EU-hosted accounts.
  TYPEFORM_API_BASE: z.url('must be the base URL of the Typeform API, e.g. https://api.typeform.com').default('https://api.typeform.com'),
  // Qualified certificates (docs/qualified.md): with QTSP_CSC_URL, keys and certificates are a QTSP's, reached over
  // the Cloud Signature Consortium API v2 (OAuth2 client credentials); without it, the platform CA issues them.
  QTSP_CSC_URL: z.url('must be the base URL of a CSC API v2 service, e.g. https://qtsp.example.com/csc/v2').optional(),
  QTSP_CLIENT_ID: z.string().min(1).optional(),
  QTSP_CLIENT_SECRET: z.string().min(1).optional(),
  // The HubSpot CRM connector (docs/connectors.md): the public app's OAuth client; without HUBSPOT_CLIENT_ID the
  // connector answers CRM_NOT_CONFIGURED. The two URLs move only for a stand-in (tests) or a proxy.
  HUBSPOT_CLIENT_ID: z.string().min(1).optional(),
  HUBSPOT_CLIENT_SECRET: z.string().min(1).optional(),
  HUBSPOT_API_BASE: z.url('must be a URL such as https://api.hubapi.com').default('https://api.hubapi.com'),
  HUBSPOT_AUTHORIZE_URL: z.url('must be a URL such as https://app.hubspot.com/oauth/authorize').default('https://app.hubspot.com/oauth/authorize'),
  PUBLIC_URL: z.url('must be an absolute URL such as https://sign.example.com').optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Undelivered mail and SMS: retried 30 s after the first failure, the delay doubling up to an hour, until the
  // message has been undeliverable for MAIL_RETRY_HOURS (then `failed`, and the Outbox can send it again).
  MAIL_RETRY_FIRST_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  MAIL_RETRY_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  MAIL_RETRY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  // Signed documents mailed at completion are attached up to this total (MB); above, the mail carries a link.
  MAIL_ATTACHMENT_MAX_MB: z.coerce.number().min(0).max(1024).default(10),
  // Sending pace (platform/messaging/pacing.ts): pooled SMTP connections used at once, messages per connection
  // before it is renewed, and messages started per second by this process (0 = no limit).
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
  SMTP_MAX_MESSAGES: z.coerce.number().int().min(1).max(100_000).default(100),
  MAIL_RATE_PER_SECOND: z.coerce.number().min(0).max(100_000).default(0),
  SMS_RATE_PER_SECOND: z.coerce.number().min(0).max(100_000).default(0),
  // Public API (/api/v1): calls per minute per API key.
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  // /healthz says the storage is `low` under this much free space on the DATA_DIR disk.
  STORAGE_MIN_FREE_MB: z.coerce.number().int().min(0).default(200),
  // /healthz says the storage is `full` (503) once the largest upload no longer fits: free space under
  // STORAGE_RESERVE_UPLOAD_MB × STORAGE_RESERVE_FACTOR (default 100 MB, the default archive limit, × 2: an archive's
  // PDFs may inflate to twice its size). Raise it with the tenants' upload limits (maxArchiveSizeMb).
  STORAGE_RESERVE_UPLOAD_MB: z.coerce.number().int().min(0).default(100),
  // How long /healthz waits for its storage probe when an earlier probe found the storage healthy; past it, it answers
  // with that earlier state (platform/http/health.ts). A bad state is always checked again before it is reported.
  HEALTH_STORAGE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(50),
  HEALTH_DATABASE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(50),
  STORAGE_RESERVE_FACTOR: z.coerce.number().min(1).max(100).default(2),
  // The worker pool (platform/workers/pool.ts) where CPU-heavy work on uploads runs, off the event loop: threads
  // (default: the cores, at least 2, at most 4; 0 = inline on the main thread, for debugging only), tasks waiting
  // before 503 UNAVAILABLE, and the time a task may take (waiting included) before it is aborted.
  WORKER_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  WORKER_QUEUE: z.coerce.number().int().min(1).max(100_000).default(64),
  WORKER_TASK_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  // The JavaScript heap of each worker thread: a task past it ends its thread and its file is refused.
  WORKER_HEAP_MB: z.coerce.number().int().min(64).max(65_536).default(1024),
  // The hourly storage sweep deletes files no row references once they are this old.
  STORAGE_ORPHAN_GRACE_HOURS: z.coerce.number().min(1).default(24),
  // Where files live (docs/configuration.md, docs/deployment.md): `local` (DATA_DIR/files, the embedded default) or
  // `s3` (an S3-compatible bucket: AWS S3, MinIO, Garage…), the one to use when api and worker nodes run apart.
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url('must be a URL such as https://s3.eu-west-3.amazonaws.com or http://minio:9000').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Path-style URLs (http://host/bucket/key): what MinIO, Garage and most self-hosted servers need.
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Webhooks and documents "by URL" may aim at loopback and private addresses: a self-hosted development setting of
  // the operator, off by default, never a tenant's (docs/configuration.md, docs/webhooks.md "SSRF").
  OUTBOUND_ALLOW_PRIVATE_NETWORKS: z
    .enum(['true', 'false'], "must be 'true' or 'false'")
    .default('false')
    .transform((v) => v === 'true'),
  // Keys are stored under this prefix in the bucket (a bucket shared by several installations).
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9-]+\/)*$/, 'must be empty or folder names each ending with /')
    .default(''),
  // Integrity check sent with each write: sha256 (x-amz-checksum-sha256), md5 (Content-MD5, every server), auto: sha256 when the server echoes it.
  S3_CHECKSUM: z.enum(['auto', 'sha256', 'md5']).default('auto'),
  // Contact imports: whether an e-mail's domain must resolve (MX, else A/AAAA). auto: on when the DNS answers.
  EMAIL_DOMAIN_CHECK: z.enum(['auto', 'on', 'off']).default('auto'),
  // Tests and journeys: DNS records (custom domains, sender domains) read from this JSON file instead of the DNS
  // (platform/net/dns-records.ts). Never set in production.
  DNS_STUB_FILE: z.string().min(1).optional(),
  // Bulk dispatch (campaigns and operations): requests a tenant's campaigns and operations together may create per
  // minute (docs/campaigns.md, docs/operations.md). CAMPAIGN_DISPATCH_PER_MINUTE is the former name, kept as an alias.
  DISPATCH_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).optional(),
  CAMPAIGN_DISPATCH_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60_000),
  // Bulk dispatch: signatories / orders per dispatch transaction (CAMPAIGN_DISPATCH_CHUNK: the former name). Default
  // by engine (defaultDispatchChunk): 100 on the embedded database, 500 on PostgreSQL.
  DISPATCH_CHUNK: z.coerce.number().int().min(1).max(2000).optional(),
  CAMPAIGN_DISPATCH_CHUNK: z.coerce.number().int().min(1).max(2000).optional(),
  // Mail-merge (platform/office): LibreOffice converters run side by side, the binary, and how long one document may
  // take before its converter is killed and restarted (a call of n documents gets 2 s more per extra document).
  OFFICE_CONVERTERS: z.coerce.number().int().min(1).max(16).default(2),
  OFFICE_BINARY: z.string().min(1).default('soffice'),
  OFFICE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  // `auto`: each converter in a network namespace of its own when the machine allows it (unshare -n, as root);
  // `off`: never (the profile and the stripped package remain). docs/security.md.
  OFFICE_NETWORK_NAMESPACE: z.enum(['auto', 'off']).default('auto'),
  // Card payments (docs/payments.md): Stripe's secret key and webhook signing secret; the API base points the SDK
  // elsewhere (the local stand-in). Without a key, outside production, a local stand-in is started in-process.
  STRIPE_SECRET_KEY: z
    .string()
    .refine((v) => /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/.test(v), 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8, 'must be the endpoint signing secret (whsec_…)').optional(),
  STRIPE_API_BASE: z.url('must be a URL such as https://api.stripe.com').default('https://api.stripe.com'),
  // SEPA direct debit: the creditor (ICS, name, account) written in mandates and pain.008 batches.
  SEPA_CREDITOR_ID: z.string().default('FR72ZZZ123456'),
  SEPA_CREDITOR_NAME: z.string().min(1).max(70).default('Paraphe'),
  SEPA_CREDITOR_IBAN: z.string().default('FR7630006000011234567890189'),
  SEPA_CREDITOR_BIC: z.string().optional(),
  NODE_ENV: z.string().optional(),
  // Invoicing: the issuing company seeded at first start (docs/invoicing.md); the product administrator edits it
  // afterwards in Applications → Billing. The defaults are visible placeholders, never a real identity.
  ISSUER_NAME: z.string().min(1).default('[ISSUER_NAME] Paraphe'),
  ISSUER_LEGAL_FORM: z.string().min(1).default('SAS'),
  ISSUER_SHARE_CAPITAL: z.string().min(1).default('[ISSUER_SHARE_CAPITAL] 1 000 €'),
  ISSUER_ADDRESS: z.string().min(1).default('[ISSUER_ADDRESS] 1 rue de l’Exemple'),
  ISSUER_POSTAL_CODE: z.string().min(1).default('75001'),
  ISSUER_CITY: z.string().min(1).default('Paris'),
  ISSUER_SIREN: z
    .string()
    .regex(/^\d{9}$/, 'must be 9 digits')
    .default('000000000'),
  ISSUER_RCS_CITY: z.string().min(1).default('Paris'),
  ISSUER_VAT_NUMBER: z
    .string()
    .regex(/^FR[0-9A-Z]{2}\d{9}$/, 'must be a French VAT number (FR, key, SIREN)')
    .default('FR00000000000'),
  ISSUER_IBAN: z.string().optional(),
  ISSUER_BIC: z.string().optional(),
  ISSUER_INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Z0-9]{1,8}$/, 'up to 8 capital letters or digits')
    .default('F'),
  ISSUER_PAYMENT_TERMS_DAYS: z.coerce.number().int().min(0).max(60).default(30),
  // "Up to now" delivery notes stop this many seconds back, so a transaction still in flight (or a node whose clock
  // lags) cannot commit a unit before the boundary after the note was made (docs/invoicing.md).
  INVOICING_MARGIN_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  ADMIN_EMAIL: z.email('must be an e-mail address').default('admin@paraphe.local'),
  ADMIN_PASSWORD: z.string().optional(),
  WEB_DIST: z.string().optional(),
  TRUSTED_ROOTS_FILE: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
});

/**
 * Which peers may tell the client's address (X-Forwarded-For) and protocol: `false` (default) believes no
 * header, `true` believes any (only behind a proxy that overwrites the header and without direct access), a hop
 * count trusts that many proxies in front, a list trusts those addresses / CIDR ranges (and proxy-addr's names
 * loopback, linklocal, uniquelocal).
 */
export type TrustProxy = boolean | number | readonly string[];
const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (proxyNames.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && net.isIPv4(prefix); // a netmask: 10.0.0.0/255.0.0.0
}

/** TRUST_PROXY's value, or a message saying what is wrong with it. */
function parseTrustProxy(value: string): TrustProxy | string {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === 'none') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? (hops === 0 ? false : hops) : 'a hop count is at most 10';
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const wrong = entries.filter((e) => !isAddressOrRange(e));
  if (!entries.length || wrong.length)
    return `must be true, false, a hop count or a comma-separated list of addresses or CIDR ranges (wrong: ${wrong.join(', ') || 'empty'})`;
  return entries;
}

/** The bucket of STORAGE=s3 (credentials: S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY, else the AWS SDK's own chain). */
export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  prefix: string;
  checksum: 'auto' | 'sha256' | 'md5';
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** MAIL_SPF_INCLUDE: what a tenant's SPF record should include for the platform's sending service (null: no advice). */
  mailSpfInclude: string | null;
  smsHttpUrl: string | undefined;
  /** SIGNING_PROVIDER_TEST_URL: where the provider connection test calls (undefined: no external provider). */
  signingProviderTestUrl: string | undefined;
  /** TYPEFORM_API_BASE: the Typeform API the survey connector calls (no trailing slash). */
  typeformApiBase: string;
  /** QTSP_CSC_URL, QTSP_CLIENT_ID, QTSP_CLIENT_SECRET: the remote signing provider of qualified certificates (null: the platform CA). */
  qtsp: { cscUrl: string; clientId: string; clientSecret: string } | null;
  /** HUBSPOT_*: the CRM connector's OAuth client (null: not configured on this server) and HubSpot's addresses. */
  hubspot: { clientId: string; clientSecret: string; apiBase: string; authorizeUrl: string } | null;
  publicUrl: string;
  /** OUTBOUND_ALLOW_PRIVATE_NETWORKS: tenant-given URLs (webhooks, documents by URL) may reach private and loopback addresses. */
  outboundAllowPrivateNetworks: boolean;
  secretKey: string | undefined;
  role: 'all' | 'api' | 'worker';
  logLevel: string;
  /** Undelivered mail and SMS retries (platform/messaging/retry.ts). */
  mailRetry: { firstDelaySeconds: number; maxDelaySeconds: number; giveUpAfterHours: number };
  /** Sending pace (platform/messaging/pacing.ts): SMTP_MAX_CONNECTIONS, SMTP_MAX_MESSAGES, MAIL_RATE_PER_SECOND, SMS_RATE_PER_SECOND (0 = no limit). */
  mailPacing: { maxConnections: number; maxMessages: number; ratePerSecond: number; smsRatePerSecond: number };
  /** MAIL_ATTACHMENT_MAX_MB: signed documents attached up to this total, a download link above (signing/delivery.ts). */
  mailAttachmentMaxBytes: number;
  storageMinFreeBytes: number;
  /** STORAGE_RESERVE_UPLOAD_MB × STORAGE_RESERVE_FACTOR: under this much free space /healthz says the storage is full. */
  storageReserveBytes: number;
  /** HEALTH_STORAGE_WAIT_MS: /healthz waits this long for a storage probe before answering with the previous healthy state. */
  healthStorageWaitMs: number;
  /** HEALTH_DATABASE_WAIT_MS: /healthz waits this long for a database ping before answering with the previous successful one. */
  healthDatabaseWaitMs: number;
  /** WORKER_THREADS (undefined: the default), WORKER_QUEUE, WORKER_TASK_TIMEOUT_SECONDS, WORKER_HEAP_MB (platform/workers/pool.ts). */
  workers: { threads: number | undefined; maxQueue: number; taskTimeoutMs: number; heapMb: number };
  /** API_RATE_LIMIT_PER_MINUTE: calls per minute per API key on /api/v1 (docs/api-v1.md). */
  apiRateLimitPerMinute: number;
  storageOrphanGraceHours: number;
  /** STORAGE and S3_*: the local folder (DATA_DIR/files) or an S3-compatible bucket (platform/storage-s3.ts). */
  storage: { kind: 'local' } | { kind: 's3'; s3: S3Settings };
  /** DNS_STUB_FILE: records of tenants' domains read from this file instead of the DNS (tests; null: the DNS). */
  dnsStubFile: string | null;
  /** EMAIL_DOMAIN_CHECK: contact imports skip rows whose e-mail domain does not resolve (auto: when DNS works). */
  emailDomainCheck: 'auto' | 'on' | 'off';
  /** DISPATCH_PER_MINUTE (alias CAMPAIGN_DISPATCH_PER_MINUTE): requests a tenant's campaigns and operations create per minute, together. */
  dispatchPerMinute: number;
  /** DISPATCH_CHUNK (alias CAMPAIGN_DISPATCH_CHUNK): signatories or orders per dispatch transaction. */
  dispatchChunk: number;
  /** OFFICE_CONVERTERS, OFFICE_BINARY, OFFICE_TIMEOUT_SECONDS: the mail-merge's LibreOffice pool (docs/mail-merge.md). */
  office: { converters: number; binary: string; timeoutSeconds: number; networkNamespace: 'auto' | 'off' };
  /** INVOICING_MARGIN_SECONDS: how far back of now an on-demand delivery note stops (docs/invoicing.md). */
  invoicingMarginSeconds: number;
  /** ISSUER_*: the issuing company seeded at first start (docs/invoicing.md). */
  issuer: IssuerFields & { invoicePrefix: string; paymentTermsDays: number };
  adminEmail: string;
  adminPassword: string | undefined;
  webDist: string;
  embedded: boolean;
  /** TRUST_PROXY: which peers' X-Forwarded-For gives the client address (rate limits, audit, evidence). */
  trustProxy: TrustProxy;
  /** TRUSTED_ROOTS_FILE: the operator's trust anchors (DER), besides the platform CA (docs/timestamps.md "Trust"). */
  trustedRoots: Uint8Array[];
  /** NODE_ENV=production: no stand-ins (card payment answers 503 without STRIPE_SECRET_KEY). */
  production: boolean;
  /** Card payments (STRIPE_*) and SEPA direct debit's creditor (SEPA_CREDITOR_*): docs/payments.md. */
  payments: {
    stripeSecretKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    stripeApiBase: string;
    sepaCreditor: { id: string; name: string; iban: string; bic: string | undefined };
  };
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}=${JSON.stringify(env[String(i.path[0])] ?? '')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration (see docs/configuration.md):\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.PUBLIC_URL === undefined && c.HOST !== '0.0.0.0' && c.HOST !== '127.0.0.1' && c.HOST !== 'localhost') {
    // Links in mails must reach the server; guessing from a bind address would send broken links.
    throw new ConfigError('Invalid configuration: PUBLIC_URL is required when HOST is not a local address.');
  }
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    // Without it no webhook can be verified: payments would stay pending forever.
    throw new ConfigError('Invalid configuration: STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (docs/payments.md).');
  }
  if (!isValidCreditorId(c.SEPA_CREDITOR_ID) || !isValidIban(c.SEPA_CREDITOR_IBAN)) {
    throw new ConfigError('Invalid configuration: SEPA_CREDITOR_ID must be a valid SEPA creditor identifier (ICS) and SEPA_CREDITOR_IBAN a valid IBAN.');
  }
  if (c.QTSP_CSC_URL && (!c.QTSP_CLIENT_ID || !c.QTSP_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration: QTSP_CSC_URL needs QTSP_CLIENT_ID and QTSP_CLIENT_SECRET (OAuth2 client credentials of the CSC service).');
  }
  if (c.HUBSPOT_CLIENT_ID && !c.HUBSPOT_CLIENT_SECRET) {
    throw new ConfigError('Invalid configuration: HUBSPOT_CLIENT_ID needs HUBSPOT_CLIENT_SECRET (the OAuth client of the HubSpot app, docs/connectors.md).');
  }
  if (c.STORAGE === 's3' && !c.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT unless the bucket is on AWS).');
  }
  if (c.STORAGE === 's3' && !c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together.');
  }
  if (!c.DATABASE_URL && c.ROLE !== 'all') {
    throw new ConfigError(`Invalid configuration: ROLE=${c.ROLE} needs DATABASE_URL (the embedded database is one process).`);
  }
  const trusted = c.TRUSTED_ROOTS_FILE ? readTrustedRoots(path.resolve(c.TRUSTED_ROOTS_FILE)) : { roots: [] };
  if ('problem' in trusted) {
    throw new ConfigError(`Invalid configuration: TRUSTED_ROOTS_FILE=${c.TRUSTED_ROOTS_FILE} ${trusted.problem} (docs/configuration.md).`);
  }
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    mailSpfInclude: c.MAIL_SPF_INCLUDE ?? null,
    smsHttpUrl: c.SMS_HTTP_URL,
    signingProviderTestUrl: c.SIGNING_PROVIDER_TEST_URL,
    typeformApiBase: c.TYPEFORM_API_BASE.replace(/\/$/, ''),
    qtsp: c.QTSP_CSC_URL ? { cscUrl: c.QTSP_CSC_URL.replace(/\/$/, ''), clientId: c.QTSP_CLIENT_ID!, clientSecret: c.QTSP_CLIENT_SECRET! } : null,
    hubspot: c.HUBSPOT_CLIENT_ID
      ? {
          clientId: c.HUBSPOT_CLIENT_ID,
          clientSecret: c.HUBSPOT_CLIENT_SECRET!,
          apiBase: c.HUBSPOT_API_BASE.replace(/\/$/, ''),
          authorizeUrl: c.HUBSPOT_AUTHORIZE_URL,
        }
      : null,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    outboundAllowPrivateNetworks: c.OUTBOUND_ALLOW_PRIVATE_NETWORKS,
    secretKey: c.SECRET_KEY,
    role: c.ROLE,
    logLevel: c.LOG_LEVEL,
    mailPacing: {
      maxConnections: c.SMTP_MAX_CONNECTIONS,
      maxMessages: c.SMTP_MAX_MESSAGES,
      ratePerSecond: c.MAIL_RATE_PER_SECOND,
      smsRatePerSecond: c.SMS_RATE_PER_SECOND,
    },
    mailRetry: { firstDelaySeconds: c.MAIL_RETRY_FIRST_DELAY_SECONDS, maxDelaySeconds: c.MAIL_RETRY_MAX_DELAY_SECONDS, giveUpAfterHours: c.MAIL_RETRY_HOURS },
    mailAttachmentMaxBytes: Math.floor(c.MAIL_ATTACHMENT_MAX_MB * 1024 * 1024),
    storageMinFreeBytes: c.STORAGE_MIN_FREE_MB * 1024 * 1024,
    storageReserveBytes: Math.ceil(c.STORAGE_RESERVE_UPLOAD_MB * c.STORAGE_RESERVE_FACTOR * 1024 * 1024),
    healthStorageWaitMs: c.HEALTH_STORAGE_WAIT_MS,
    healthDatabaseWaitMs: c.HEALTH_DATABASE_WAIT_MS,
    workers: { threads: c.WORKER_THREADS, maxQueue: c.WORKER_QUEUE, taskTimeoutMs: Math.round(c.WORKER_TASK_TIMEOUT_SECONDS * 1000), heapMb: c.WORKER_HEAP_MB },
    apiRateLimitPerMinute: c.API_RATE_LIMIT_PER_MINUTE,
    storageOrphanGraceHours: c.STORAGE_ORPHAN_GRACE_HOURS,
    storage:
      c.STORAGE === 's3'
        ? {
            kind: 's3',
            s3: {
              endpoint: c.S3_ENDPOINT,
              region: c.S3_REGION,
              bucket: c.S3_BUCKET!,
              credentials: c.S3_ACCESS_KEY_ID ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY! } : undefined,
              forcePathStyle: c.S3_FORCE_PATH_STYLE,
              prefix: c.S3_PREFIX,
              checksum: c.S3_CHECKSUM,
            },
          }
        : { kind: 'local' },
    emailDomainCheck: c.EMAIL_DOMAIN_CHECK,
    dnsStubFile: c.DNS_STUB_FILE ?? null,
    dispatchPerMinute: c.DISPATCH_PER_MINUTE ?? c.CAMPAIGN_DISPATCH_PER_MINUTE,
    dispatchChunk: c.DISPATCH_CHUNK ?? c.CAMPAIGN_DISPATCH_CHUNK ?? (c.DATABASE_URL ? defaultDispatchChunk.postgres : defaultDispatchChunk.pglite),
    office: {
      converters: c.OFFICE_CONVERTERS,
      binary: c.OFFICE_BINARY,
      timeoutSeconds: c.OFFICE_TIMEOUT_SECONDS,
      networkNamespace: c.OFFICE_NETWORK_NAMESPACE,
    },
    invoicingMarginSeconds: c.INVOICING_MARGIN_SECONDS,
    issuer: {
      name: c.ISSUER_NAME,
      legalForm: c.ISSUER_LEGAL_FORM,
      shareCapital: c.ISSUER_SHARE_CAPITAL,
      address: c.ISSUER_ADDRESS,
      postalCode: c.ISSUER_POSTAL_CODE,
      city: c.ISSUER_CITY,
      siren: c.ISSUER_SIREN,
      rcsCity: c.ISSUER_RCS_CITY,
      vatNumber: c.ISSUER_VAT_NUMBER,
      iban: c.ISSUER_IBAN ?? null,
      bic: c.ISSUER_BIC ?? null,
      invoicePrefix: c.ISSUER_INVOICE_PREFIX,
      paymentTermsDays: c.ISSUER_PAYMENT_TERMS_DAYS,
    },
    adminEmail: c.ADMIN_EMAIL.toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD,
    webDist: path.resolve(c.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    embedded: !c.DATABASE_URL,
    trustProxy: c.TRUST_PROXY ?? false,
    trustedRoots: trusted.roots,
    production: c.NODE_ENV === 'production',
    payments: {
      stripeSecretKey: c.STRIPE_SECRET_KEY,
      stripeWebhookSecret: c.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: c.STRIPE_API_BASE.replace(/\/$/, ''),
      sepaCreditor: {
        id: c.SEPA_CREDITOR_ID.replace(/\s+/g, '').toUpperCase(),
        name: c.SEPA_CREDITOR_NAME,
        iban: c.SEPA_CREDITOR_IBAN.replace(/\s+/g, '').toUpperCase(),
        bic: c.SEPA_CREDITOR_BIC,
      },
    },
  };
}
