import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Moderate rules held too: a page has one main landmark and a top-level heading (issue 25). */
const structureRules = ['landmark-one-main', 'page-has-heading-one'];

/**
 * axe-core's critical and serious violations on the page as it is now (WCAG 2.x A and AA rules and axe's best
 * practices), plus the structure rules above, one line per rule with the elements it found: empty when the page
 * passes.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy forbids inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axeSource}\n;undefined`);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return (violations as Violation[])
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || structureRules.includes(v.id))
    .map(
      (v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')).join(' | ')}`,
    );
}
