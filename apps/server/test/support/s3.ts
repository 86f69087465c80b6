import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { S3Settings } from '../../src/platform/config.ts';

/**
 * A local S3-compatible server (s3rver, pure JavaScript, a dev dependency: CI installs nothing more) in its own
 * process, so the memory the tests measure is the client's, and several server processes can share the bucket.
 */
export interface S3Site {
  endpoint: string;
  bucket: string;
  /** The settings of STORAGE=s3 for this bucket, and the same as environment variables for a server process. */
  settings(prefix?: string): S3Settings;
  env(prefix?: string): Record<string, string>;
  stop(): Promise<void>;
}

const script = `
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(1);
new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] })
  .run()
  .then(({ port }) => console.log('listening ' + port), (e) => { console.error(e); process.exit(1); });
`;

export async function startS3(): Promise<S3Site> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-s3-'));
  const bucket = `paraphe-${randomBytes(4).toString('hex')}`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script, directory, bucket], {
    cwd: path.dirname(new URL(import.meta.url).pathname),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${output}`)), 15_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}): ${output}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed credentials.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    settings: (prefix = '') => ({ endpoint, region: 'us-east-1', bucket, credentials, forcePathStyle: true, prefix, checksum: 'auto' }),
    env: (prefix = '') => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: prefix,
    }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
