/**
 * Who this worker is, across its restarts: a slot in the data folder (`DATA_DIR/instances/<role>-<host>-<n>.pid`)
 * holding the pid of the process that has it. A process takes the first slot that is free or whose process is dead
 * — a server started again after a kill -9 takes the slot of its previous life. Work a process leases for a while
 * (mail-merge generation) is marked with the slot's name, so that the process that takes a dead process's slot
 * knows the leases under that name are dead and takes them back at once instead of waiting for their end.
 *
 * Per host (pids only mean something on their machine; a DATA_DIR shared over NFS by several nodes is fine) and
 * per role. On the embedded database there is one process per data folder (its lock): always slot 0.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from './config.ts';

const claimed = new Map<string, string>();
const slotsPerHost = 64;

/** The slot files this process holds, given back by one exit hook (a process with many servers, e.g. tests, adds one). */
const heldSlots = new Set<string>();
function giveBackAtExit(file: string): void {
  if (!heldSlots.size) {
    process.once('exit', () => {
      for (const held of heldSlots) {
        try {
          if (Number(readFileSync(held, 'utf8').trim()) === process.pid) unlinkSync(held);
        } catch {
          // gone already
        }
      }
    });
  }
  heldSlots.add(file);
}

export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This process's slot name (taken once per data folder and role, given back at exit). */
export function instanceIdOf(config: Pick<Config, 'dataDir' | 'role'>): string {
  const dir = path.join(config.dataDir, 'instances');
  const key = `${dir}\0${config.role}`;
  const known = claimed.get(key);
  if (known) return known;
  mkdirSync(dir, { recursive: true });
  const host = os.hostname().replace(/[^A-Za-z0-9.-]/g, '_');
  for (let n = 0; n < slotsPerHost; n++) {
    const name = `${config.role}-${host}-${n}`;
    const file = path.join(dir, `${name}.pid`);
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
    } catch {
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder !== process.pid && processAlive(holder)) continue;
      writeFileSync(file, String(process.pid)); // a dead process's slot: ours now
    }
    claimed.set(key, name);
    giveBackAtExit(file);
    return name;
  }
  // More live processes than slots on this host: a name of its own (its leases end by their deadline only).
  const name = `${config.role}-${host}-pid${process.pid}`;
  claimed.set(key, name);
  return name;
}
