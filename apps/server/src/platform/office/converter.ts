import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { prepareProfile } from './profile.ts';
import { stripExternalReferences } from './references.ts';

/** A document to convert: its name (for the caller), its bytes and their format. */
export interface OfficeInput {
  name: string;
  data: Uint8Array;
  format: 'docx' | 'odt';
  /** Records merged in this document (merged-docx.ts): its conversion is given the time of that many documents. */
  records?: number;
}
/** `pdf-marked`: a PDF whose named destinations are the document's bookmarks (where a merged document is cut). */
export type OfficeTarget = 'pdf' | 'pdf-marked' | 'docx';
export type OfficeResult = { name: string; data: Buffer; error?: undefined } | { name: string; data?: undefined; error: string };

/** How a call ended when it produced nothing usable for the whole call. */
export class ConverterFailure extends Error {
  readonly kind: 'timeout' | 'crash';
  constructor(kind: 'timeout' | 'crash', message: string) {
    super(message);
    this.kind = kind;
  }
}

const filters: Record<OfficeTarget, string> = {
  pdf: 'pdf:writer_pdf_Export',
  'pdf-marked': 'pdf:writer_pdf_Export:{"ExportBookmarksToPDFDestination":{"type":"boolean","value":"true"}}',
  docx: 'docx:MS Word 2007 XML',
};
const extensions: Record<OfficeTarget, string> = { pdf: 'pdf', 'pdf-marked': 'pdf', docx: 'docx' };

/** Process groups of calls in flight, killed if this process exits first (no LibreOffice outlives the server). */
const live = new Set<number>();
let exitHook = false;
function track(pid: number): void {
  live.add(pid);
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const group of live) killGroup(group);
  });
}
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * One LibreOffice converter: a profile directory of its own (two `soffice` never share one: they would wait on
 * each other's lock or corrupt it) and one process at a time, started per call with every document of the call
 * (`soffice --convert-to pdf f1 … fN`: measured 7 to 18× faster than a process per document, bench/office-strategies).
 * A call that outlives its deadline is killed (its whole process group: the `soffice` script, oosplash and
 * soffice.bin) and so is a call that dies; either way the profile is thrown away and the next call starts afresh.
 */
export class Converter {
  readonly id: number;
  /** Calls that ended in a kill or a crash (each restarting the converter). */
  restarts = 0;
  private calls = 0;
  private readonly dir: string;
  /** References removed from the documents before conversion (references.ts), for the logs and the tests. */
  strippedReferences = 0;
  private readonly binary: string;
  private readonly prefix: readonly string[];

  /** `prefix`: the command that runs soffice without network (`unshare -n --`), empty when the platform refuses it. */
  constructor(id: number, opts: { root: string; binary: string; prefix?: readonly string[] }) {
    this.id = id;
    this.dir = path.join(opts.root, `converter-${id}`);
    this.binary = opts.binary;
    this.prefix = opts.prefix ?? [];
  }

  private get profile(): string {
    return path.join(this.dir, 'profile');
  }

  /** Converts every input in one process. Documents LibreOffice could not convert come back with an `error`. */
  async run(inputs: readonly OfficeInput[], target: OfficeTarget, timeoutMs: number): Promise<OfficeResult[]> {
    const work = path.join(this.dir, `call-${++this.calls}`);
    const inDir = path.join(work, 'in');
    const outDir = path.join(work, 'out');
    await mkdir(inDir, { recursive: true });
    await mkdir(outDir, { recursive: true });
    try {
      // Names of our own: a caller's name never reaches the command line or the file system. One document at a
      // time, each stripped of its outside references (synchronous work: the event loop gets a turn between two).
      const files: string[] = [];
      for (const [i, input] of inputs.entries()) {
        const file = path.join(inDir, `d${i}.${input.format}`);
        const stripped = stripExternalReferences(input.data, input.format);
        this.strippedReferences += stripped.removed;
        await writeFile(file, stripped.data);
        files.push(file);
      }
      await prepareProfile(this.profile);
      await this.spawnOnce([...this.args(), '--convert-to', filters[target], '--outdir', outDir, ...files], timeoutMs);
      return await Promise.all(
        inputs.map(async (input, i): Promise<OfficeResult> => {
          const data = await readFile(path.join(outDir, `d${i}.${extensions[target]}`)).catch(() => undefined);
          return data?.length
            ? { name: input.name, data }
            : { name: input.name, error: 'The office engine could not convert this document (damaged, or not a text document).' };
        }),
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private args(): string[] {
    return [
      '--headless',
      '--invisible',
      '--norestore',
      '--nolockcheck',
      '--nodefault',
      '--nologo',
      '--nofirststartwizard',
      `-env:UserInstallation=${pathToFileURL(this.profile).href}`,
    ];
  }

  private spawnOnce(args: string[], timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      // With a prefix, `unshare -n -- soffice …`: unshare execs soffice in the same process (the group is the same).
      const [command, ...rest] = [...this.prefix, this.binary, ...args];
      const child = spawn(command!, rest, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < 4000) stderr += chunk.toString('utf8');
      });
      if (child.pid) track(child.pid);
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        if (child.pid) killGroup(child.pid);
      }, timeoutMs);
      const done = async (error?: ConverterFailure) => {
        clearTimeout(timer);
        if (child.pid) {
          live.delete(child.pid);
          // A converter that was killed or died may have left children and a half-written profile: start afresh.
          if (error) killGroup(child.pid);
        }
        if (error) {
          this.restarts++;
          await rm(this.profile, { recursive: true, force: true }).catch(() => undefined);
          reject(error);
        } else resolve();
      };
      child.on('error', (error) => void done(new ConverterFailure('crash', `The office engine could not start: ${error.message}`)));
      child.on('close', (code, signal) => {
        if (timedOut) void done(new ConverterFailure('timeout', `The conversion took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`));
        else if (code !== 0)
          void done(
            new ConverterFailure('crash', `The office engine stopped (${signal ?? `exit ${code}`}): ${stderr.trim().split('\n').slice(-2).join(' ')}`.trim()),
          );
        else void done();
      });
    });
  }
}
