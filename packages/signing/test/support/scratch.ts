import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let root: string | undefined;
let counter = 0;

/** Removes the scratch root; test files call it in afterAll (vitest may end workers without an 'exit' event). */
export function removeScratch(): void {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
}

/** A fresh directory under one per-process scratch root, removed by removeScratch() or at process exit. */
export function scratchDir(label: string): string {
  if (!root) {
    const created = mkdtempSync(join(tmpdir(), 'paraphe-signing-'));
    root = created;
    process.once('exit', () => rmSync(created, { recursive: true, force: true }));
  }
  return mkdtempSync(join(root, `${label}-${counter++}-`));
}
