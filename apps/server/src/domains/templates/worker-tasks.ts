/**
 * The templates' heavy work, run on the worker pool (platform/workers, `workerTasksOf`): reading a tenant's Word
 * template, filling it, and building the merged document of many copies. docxtemplater parses the whole document at
 * each call, so a template is untrusted CPU: a 68 KB .docx of 20,000 paragraphs (5.5 MB of XML; a template may
 * inflate to 64 MB) took 1.8 s to read and 0.8 s per copy to fill on the main thread, the server's event loop stopped
 * for every tenant meanwhile. Here it costs one thread, under WORKER_TASK_TIMEOUT_SECONDS and WORKER_HEAP_MB.
 *
 * Nothing here touches the database or the storage: bytes and values in, bytes out (plain data across threads).
 */
import { createHash } from 'node:crypto';
import { AppError } from '../../platform/errors.ts';
import { extractVariables, fillTemplate } from './docx.ts';
import { assembleMergedDocx, planMergedDocx, type MergedDocxDecision } from './merged-docx.ts';

type Values = Readonly<Record<string, string>>;
interface TemplateInput {
  template: Uint8Array;
  variables: readonly string[];
}

/**
 * The merged-document plans this thread made, by template and variables: a generation asks for one per call of
 * 100–250 copies, and planning fills the template once (the cost of a copy). A few: generations run a few at a time.
 */
const plans = new Map<string, MergedDocxDecision>();
const plansKept = 2;
function planOf({ template, variables }: TemplateInput): MergedDocxDecision {
  const key = `${createHash('sha256').update(template).digest('hex')}\n${variables.join('\n')}`;
  let decision = plans.get(key);
  if (decision) plans.delete(key);
  else decision = planMergedDocx(template, variables);
  plans.set(key, decision);
  if (plans.size > plansKept) plans.delete(plans.keys().next().value!);
  return decision;
}

export const workerTasks = {
  /** The template's variables, in order (upload): INVALID_FILE_TYPE / VALIDATION_FAILED as docx.ts says. */
  extractVariables(input: { template: Uint8Array; fileName: string }): string[] {
    return extractVariables(input.template, input.fileName);
  },
  /** One filled copy (the template's preview, a batch of one). */
  fillTemplate(input: TemplateInput & { values: Values }): Uint8Array {
    return fillTemplate(input.template, input.variables, input.values);
  },
  /** Many copies, each its own document: what a copy's values make wrong is that copy's error, not the call's. */
  fillCopies(input: TemplateInput & { records: Values[] }): ({ docx: Uint8Array } | { error: string })[] {
    return input.records.map((values) => {
      try {
        return { docx: fillTemplate(input.template, input.variables, values) };
      } catch (error) {
        if (error instanceof AppError) return { error: error.message };
        throw error;
      }
    });
  },
  /** Whether the copies can share one document (merged-docx.ts), and the XML each copy adds when they can. */
  planMerged(input: TemplateInput): { fallback: string; copyBytes?: undefined } | { fallback?: undefined; copyBytes: number } {
    const decision = planOf(input);
    return decision.plan ? { copyBytes: decision.plan.copyBytes } : { fallback: decision.fallback };
  },
  /** The merged document of these copies, and the named destinations that open and end each one. */
  assembleMerged(input: TemplateInput & { records: Values[] }): { docx: Uint8Array; marks: string[]; endMarks: string[] } {
    const decision = planOf(input);
    if (!decision.plan) throw new Error(`This template's copies cannot share a document: ${decision.fallback}`);
    return assembleMergedDocx(decision.plan, input.records);
  },
};
