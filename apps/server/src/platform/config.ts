import { z } from 'zod';
import path from 'node:path';

/**
 * Every setting of the server, read from the environment with a default that runs the product with no
 * external service. docs/configuration.md lists them; a wrong value stops the start with a clear message.
 */
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
  SMS_HTTP_URL: z.url('must be a URL').optional(),
  PUBLIC_URL: z.url('must be an absolute URL such as https://sign.example.com').optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.email('must be an e-mail address').default('admin@paraphe.local'),
  ADMIN_PASSWORD: z.string().optional(),
  WEB_DIST: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsHttpUrl: string | undefined;
  publicUrl: string;
  secretKey: string | undefined;
  role: 'all' | 'api' | 'worker';
  logLevel: string;
  adminEmail: string;
  adminPassword: string | undefined;
  webDist: string;
  embedded: boolean;
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
  if (!c.DATABASE_URL && c.ROLE !== 'all') {
    throw new ConfigError(`Invalid configuration: ROLE=${c.ROLE} needs DATABASE_URL (the embedded database is one process).`);
  }
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    smsHttpUrl: c.SMS_HTTP_URL,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    secretKey: c.SECRET_KEY,
    role: c.ROLE,
    logLevel: c.LOG_LEVEL,
    adminEmail: c.ADMIN_EMAIL.toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD,
    webDist: path.resolve(c.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    embedded: !c.DATABASE_URL,
  };
}
