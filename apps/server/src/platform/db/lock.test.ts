import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.ts';

const lockModule = new URL('./lock.ts', import.meta.url).pathname;
const folders: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-lock-'));
  folders.push(dir);
  return dir;
};

/** Another process that takes the lock and keeps it until killed. */
function holdLockInChild(dir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `
    const { lockDataDir } = await import(${JSON.stringify(lockModule)});
    lockDataDir(${JSON.stringify(dir)});
    console.log('locked');
    setInterval(() => {}, 1000);
  `,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve(child));
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
}
const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
const exited = (child: ChildProcess) => new Promise((resolve) => (hasExited(child) ? resolve(undefined) : child.once('exit', resolve)));

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (!hasExited(child)) child.kill();
    await exited(child);
  }
});
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('data folder lock', () => {
  it('refuses a folder held by a live process, naming its pid', async () => {
    const dir = tempDir();
    const holder = await holdLockInChild(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(String(holder.pid));
    expect(fs.readFileSync(path.join(dir, 'paraphe.lock'), 'utf8')).toBe(String(holder.pid));
  });

  it('takes over the lock of a process that died', async () => {
    const dir = tempDir();
    const holder = await holdLockInChild(dir);
    holder.kill('SIGKILL');
    await exited(holder);
    // The dead process could not clean up.
    expect(fs.readFileSync(path.join(dir, 'paraphe.lock'), 'utf8')).toBe(String(holder.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'paraphe.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'paraphe.lock'))).toBe(false);
  });

  it('creates the folder, and releases so the next start can lock again', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const release = lockDataDir(dir);
    expect(fs.existsSync(path.join(dir, 'paraphe.lock'))).toBe(true);
    release();
    release(); // twice is harmless
    lockDataDir(dir)();
  });

  it('does not release a lock another process took meanwhile', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    fs.writeFileSync(path.join(dir, 'paraphe.lock'), '999999999');
    release();
    expect(fs.readFileSync(path.join(dir, 'paraphe.lock'), 'utf8')).toBe('999999999');
  });
});
