import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const errorOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('runs with no variable at all: embedded database, outbox only, local URL', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      smsHttpUrl: undefined,
      signingProviderTestUrl: undefined,
      publicUrl: 'http://localhost:3000',
      secretKey: undefined,
      role: 'all',
      logLevel: 'info',
      adminEmail: 'admin@paraphe.local',
      embedded: true,
    });
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads the variables, treats blanks as unset, trims the public URL', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://u:p@db:5432/paraphe',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      PUBLIC_URL: 'https://sign.example.com/',
      ADMIN_EMAIL: 'Boss@Example.com',
      ROLE: 'api',
      SECRET_KEY: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      embedded: false,
      role: 'api',
      publicUrl: 'https://sign.example.com',
      adminEmail: 'boss@example.com',
      secretKey: undefined,
    });
    expect(config.smtpUrl).toBe('smtps://u:p@mail.example.com:465');
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/paraphe' }],
    ['SMTP_URL', { SMTP_URL: 'mail.example.com:25' }],
    ['SECRET_KEY', { SECRET_KEY: 'short' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-email' }],
    ['ROLE', { ROLE: 'everything' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'sign.example.com' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '127.0.0.1,nginx' }],
    ['TRUST_PROXY', { TRUST_PROXY: '99' }],
  ])('names %s when its value is wrong', (variable, env) => {
    const error = errorOf(env);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain(`${variable}=${JSON.stringify(Object.values(env)[0])}`);
  });

  it('lists every wrong variable at once', () => {
    const message = errorOf({ PORT: 'x', SMTP_URL: 'y' }).message;
    expect(message).toContain('PORT=');
    expect(message).toContain('SMTP_URL=');
  });

  it('needs PUBLIC_URL on a non-local host, and DATABASE_URL for split roles', () => {
    expect(errorOf({ HOST: 'sign.example.com' }).message).toContain('PUBLIC_URL');
    expect(loadConfig({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(errorOf({ ROLE: 'worker' }).message).toContain('DATABASE_URL');
  });

  it('trusts no proxy by default; TRUST_PROXY takes true, a hop count or addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,192.168.0.0/255.255.0.0,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      '192.168.0.0/255.255.0.0',
      'loopback',
    ]);
  });

  it('stores files locally by default; STORAGE=s3 reads the bucket settings and refuses incomplete ones', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_BUCKET: 'paraphe-files',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'prod/',
      }).storage,
    ).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        bucket: 'paraphe-files',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
        prefix: 'prod/',
        checksum: 'auto',
      },
    });
    expect(errorOf({ STORAGE: 's3' }).message).toMatch(/STORAGE=s3 needs S3_BUCKET/);
    expect(errorOf({ STORAGE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' }).message).toMatch(/go together/);
    const wrong = errorOf({ STORAGE: 'ftp', S3_BUCKET: 'Bad_Bucket', S3_PREFIX: '../x', S3_ENDPOINT: 'minio' });
    expect(wrong).toBeInstanceOf(ConfigError);
    for (const name of ['STORAGE', 'S3_BUCKET', 'S3_PREFIX', 'S3_ENDPOINT']) expect(wrong.message).toContain(name);
  });

  describe('TRUSTED_ROOTS_FILE: read once at start, a bad file stops the start with the reason', () => {
    let dir: string;
    const pem = (name: string, constraints: string) => {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          `${name}.key`,
          '-out',
          `${name}.pem`,
          '-days',
          '30',
          '-subj',
          `/CN=${name}`,
          '-addext',
          `basicConstraints=critical,${constraints}`,
        ],
        { cwd: dir, stdio: 'pipe' },
      );
      return fs.readFileSync(path.join(dir, `${name}.pem`), 'latin1');
    };
    const file = (name: string, text: string) => {
      fs.writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-roots-'));
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('without it: no anchor of the operator; with a bundle: every certificate, comments between them ignored', () => {
      expect(loadConfig({}).trustedRoots).toEqual([]);
      const bundle = file('roots.pem', `# Provider A\n${pem('Root A', 'CA:TRUE')}\n# Provider B\n${pem('Root B', 'CA:TRUE')}`);
      const roots = loadConfig({ TRUSTED_ROOTS_FILE: bundle }).trustedRoots;
      expect(roots).toHaveLength(2);
      expect(new X509Certificate(roots[1]!).subject).toBe('CN=Root B');
    });

    it.each([
      ['a missing file', () => path.join(dir, 'missing.pem'), 'cannot be read (ENOENT)'],
      ['a file without certificates', () => file('empty.pem', 'not a bundle'), 'holds no PEM certificate'],
      [
        'a damaged certificate',
        () => file('damaged.pem', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'),
        'certificate 1 is not a valid X.509 certificate',
      ],
      [
        'an end-entity certificate',
        () => file('leaf.pem', pem('Root C', 'CA:TRUE') + pem('Leaf', 'CA:FALSE')),
        'certificate 2 (CN=Leaf) is not a CA certificate',
      ],
      ['a private key', () => file('key.pem', pem('Root D', 'CA:TRUE') + fs.readFileSync(path.join(dir, 'Root D.key'), 'latin1')), 'contains a private key'],
    ])('refuses %s', (_what, make, reason) => {
      const given = make();
      const error = errorOf({ TRUSTED_ROOTS_FILE: given });
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.message).toContain(`TRUSTED_ROOTS_FILE=${given}`);
      expect(error.message).toContain(reason);
    });
  });
});
