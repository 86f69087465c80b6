/**
 * What a killed server leaves of its office engine, cleaned at the next start: its converters' folders
 * (`<tmp>/paraphe-office-<pid>-<random>`: profiles and work files, ≈ 8 MB each) and its LibreOffice processes
 * (started detached, they outlive a kill -9 of the server: soffice, oosplash, soffice.bin, reparented to init).
 * Only what belongs to a DEAD server process: a folder or a process whose pid in the name is alive is kept (another
 * server, a test run, a server started from another folder of the same machine).
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import { processAlive } from '../instance.ts';

const folderName = /^paraphe-office-(\d+)-[0-9a-f]+$/;
/** The profile argument every converter is started with (converter.ts): nothing else is ever taken for one. */
const profileArgument = /-env:UserInstallation=file:\/\/[^\0]*?\/paraphe-office-(\d+)-[0-9a-f]+\//;

export interface OfficeLeftovers {
  removedFolders: string[];
  killedProcesses: number[];
}

/** Processes whose command line names a converter folder of a dead server (Linux: /proc; elsewhere none). */
async function orphanedConverters(tmp: string): Promise<number[]> {
  const pids = await readdir('/proc').catch(() => [] as string[]);
  const found: number[] = [];
  for (const entry of pids) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes(tmp)) continue;
    const owner = profileArgument.exec(cmdline)?.[1];
    if (owner && Number(owner) !== process.pid && !processAlive(Number(owner))) found.push(Number(entry));
  }
  return found;
}

export async function cleanOfficeLeftovers(opts: { tmp?: string; logger?: Logger } = {}): Promise<OfficeLeftovers> {
  const tmp = opts.tmp ?? tmpdir();
  const killedProcesses: number[] = [];
  for (const pid of await orphanedConverters(tmp)) {
    try {
      process.kill(pid, 'SIGKILL');
      killedProcesses.push(pid);
    } catch {
      // ended meanwhile
    }
  }
  const removedFolders: string[] = [];
  for (const name of await readdir(tmp).catch(() => [] as string[])) {
    const owner = folderName.exec(name)?.[1];
    if (!owner || Number(owner) === process.pid || processAlive(Number(owner))) continue;
    await rm(path.join(tmp, name), { recursive: true, force: true }).catch(() => undefined);
    removedFolders.push(name);
  }
  if (killedProcesses.length || removedFolders.length)
    opts.logger?.warn({ killedProcesses, removedFolders: removedFolders.length }, 'office converters left by a stopped server cleaned');
  return { removedFolders, killedProcesses };
}
