/**
 * The first wall of office conversion: each converter in a network namespace of its own when the machine allows it
 * (these tests run as root: `unshare -n` works), the fallback otherwise; the leftovers of a killed server cleaned at
 * the next start. With fake `soffice` scripts: they try to reach a listener of the test, and say where they ran.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAlive } from '../instance.ts';
import { cleanOfficeLeftovers, createOfficeEngine, type OfficeInput } from './index.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'office-isolation-test-'));
const connections: string[] = [];
let listener: net.Server;
let port = 0;
beforeAll(async () => {
  listener = net.createServer((socket) => {
    connections.push('connection');
    socket.on('error', () => undefined);
    socket.end();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', () => resolve()));
  port = (listener.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => listener.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

/** A fake soffice that records its namespace and tries a TCP connection to the listener, then "converts". */
function reachingOut(name: string): string {
  const file = path.join(dir, `${name}.sh`);
  writeFileSync(
    file,
    `#!/bin/bash
if [ "$1" = "--version" ]; then echo "LibreOffice 0.0 fake"; exit 0; fi
out=""; files=()
while [ $# -gt 0 ]; do case "$1" in --outdir) out="$2"; shift 2;; --convert-to) shift 2;; -*) shift;; *) files+=("$1"); shift;; esac; done
if (exec 3<>/dev/tcp/127.0.0.1/${port}) 2>/dev/null; then r=connected; else r=refused; fi
echo "$(readlink /proc/self/ns/net) $r" >> ${path.join(dir, `${name}.log`)}
for f in "\${files[@]}"; do b=$(basename "$f"); cp "$f" "$out/\${b%.*}.pdf"; done
`,
  );
  chmodSync(file, 0o755);
  return file;
}
const doc: OfficeInput = { name: 'a', data: Buffer.from('a'), format: 'docx' };

describe('office converters without network', () => {
  it('runs each converter in a network namespace of its own: it cannot connect, even to loopback', async () => {
    const engine = createOfficeEngine({ binary: reachingOut('namespace'), converters: 1, timeoutMs: 10_000, root: path.join(dir, 'ns') });
    expect(await engine.status()).toMatchObject({ available: true, networkIsolation: 'namespace' });
    expect((await engine.convert([doc], 'pdf'))[0]).toMatchObject({ name: 'a', data: expect.any(Buffer) });
    const [namespace, outcome] = readFileSync(path.join(dir, 'namespace.log'), 'utf8').trim().split(' ');
    expect(namespace).not.toBe(readlinkSync('/proc/self/ns/net'));
    expect(outcome).toBe('refused');
    expect(connections).toEqual([]);
    // The profile was written with the settings before the converter started.
    const xcu = readFileSync(path.join(dir, 'ns', 'converter-0', 'profile', 'user', 'registrymodifications.xcu'), 'utf8');
    expect(xcu).toContain('<prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop>');
    expect(xcu).toContain('<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value></prop></item>');
  });

  it('falls back when the namespace is refused (no unshare) or switched off, and says so', async () => {
    const missing = createOfficeEngine({
      binary: reachingOut('missing'),
      converters: 1,
      timeoutMs: 10_000,
      root: path.join(dir, 'missing'),
      unshareBinary: path.join(dir, 'no-unshare'),
    });
    expect(await missing.status()).toMatchObject({ available: true, networkIsolation: 'profile' });
    const off = createOfficeEngine({ binary: reachingOut('off'), converters: 1, timeoutMs: 10_000, root: path.join(dir, 'off'), networkNamespace: 'off' });
    expect(await off.status()).toMatchObject({ available: true, networkIsolation: 'profile' });
    await off.convert([doc], 'pdf');
    // This fake ignores the profile, so it does connect: the fallback's walls are LibreOffice's settings and the
    // stripped package (test/templates/network.test.ts shows LibreOffice itself connecting nowhere then).
    expect(readFileSync(path.join(dir, 'off.log'), 'utf8').trim().split(' ')).toEqual([readlinkSync('/proc/self/ns/net'), 'connected']);
    expect(connections).toHaveLength(1);
  });
});

describe('office leftovers of a killed server', () => {
  /** A pid that was alive and is not anymore. */
  async function deadPid(): Promise<number> {
    const child = spawn('true');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(processAlive(child.pid!)).toBe(false);
    return child.pid!;
  }
  /** A process whose command line is a converter's (its profile under `folder`), sleeping. */
  function fakeConverter(folder: string) {
    const child = spawn('bash', ['-c', 'sleep 60; true', `-env:UserInstallation=file://${folder}/converter-0/profile`], { detached: true, stdio: 'ignore' });
    child.unref();
    return child;
  }

  it('removes the folders of a dead server and kills its converters, keeps those of a live one', async () => {
    const tmp = path.join(dir, 'tmp');
    const dead = path.join(tmp, `paraphe-office-${await deadPid()}-0a1b2c3d`);
    const live = path.join(tmp, `paraphe-office-${process.pid}-4e5f6a7b`);
    const other = path.join(tmp, 'paraphe-office-notes');
    for (const folder of [dead, live, other]) mkdirSync(path.join(folder, 'converter-0', 'profile'), { recursive: true });
    const orphan = fakeConverter(dead);
    const kept = fakeConverter(live);
    try {
      await new Promise((r) => setTimeout(r, 100)); // the process is started: its command line is there
      const cleaned = await cleanOfficeLeftovers({ tmp });
      expect(cleaned).toEqual({ removedFolders: [path.basename(dead)], killedProcesses: [orphan.pid] });
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(live) && existsSync(other)).toBe(true);
      for (let i = 0; i < 50 && processAlive(orphan.pid!) && readFileSync(`/proc/${orphan.pid}/stat`, 'utf8').split(' ')[2] !== 'Z'; i++)
        await new Promise((r) => setTimeout(r, 20));
      const state = processAlive(orphan.pid!) ? readFileSync(`/proc/${orphan.pid}/stat`, 'utf8').split(' ')[2] : 'gone';
      expect(['gone', 'Z']).toContain(state);
      expect(processAlive(kept.pid!)).toBe(true);
    } finally {
      for (const child of [orphan, kept]) if (processAlive(child.pid!)) process.kill(child.pid!, 'SIGKILL');
    }
  });
});
