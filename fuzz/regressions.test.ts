/**
 * Replays, through each fuzz target, every seed of its corpus and every input under fuzz/regressions/<target>/ (the
 * minimised inputs of past findings: a file per finding, named for what it broke). Each must return or throw the
 * parser's typed error — what the fuzz runner checks, without the clock.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeeds, regressionRoot } from './support.ts';
import { targets } from './targets.ts';

async function outcomeOf(run: () => unknown, expected: (error: unknown) => boolean): Promise<'returned' | 'typed error'> {
  try {
    await run();
    return 'returned';
  } catch (error) {
    if (expected(error)) return 'typed error';
    throw error;
  }
}

describe('fuzz targets: corpus and regressions', () => {
  for (const target of targets) {
    it(`${target.name}: every seed returns or throws the typed error`, async () => {
      const { run, expected } = await target.setup();
      const outcomes: string[] = [];
      for (const seed of loadSeeds(target.corpus)) outcomes.push(`${seed.name}: ${await outcomeOf(() => run(seed.bytes), expected)}`);
      expect(outcomes.length).toBeGreaterThan(0);
    });
  }

  const found = existsSync(regressionRoot)
    ? readdirSync(regressionRoot).flatMap((t) => readdirSync(join(regressionRoot, t)).map((file) => ({ target: t, file })))
    : [];
  it.each(found)('$target: $file returns or throws the typed error', async ({ target: name, file }) => {
    const target = targets.find((t) => t.name === name)!;
    expect(target, `a target named ${name}`).toBeDefined();
    const { run, expected } = await target.setup();
    await expect(outcomeOf(() => run(readFileSync(join(regressionRoot, name, file))), expected)).resolves.toMatch(/returned|typed error/);
  });
});
