import {
  mergeReadinessSchema,
  type MergeDocument,
  type MergeDocumentInput,
  type SignatureField,
  type TemplateMapping,
  type VariableSource,
} from '@paraphe/contracts';

/**
 * The mail-merge screens' logic (docs/campaigns.md, packages/contracts campaigns/mailMerge.ts): a template's
 * `${variables}` each take a column of the signatory or a fixed text. What fills the document is the contract's
 * `mergeValuesOf`, shared with the server, so the preview is the signatory's copy.
 */

/** A variable as the template writes it. */
export const placeholder = (variable: string) => `\${${variable}}`;

/** A mapping row's choice: a column's name, the fixed text, or nothing yet. */
export type SourceChoice = { kind: 'column'; column: string } | { kind: 'value'; value: string } | { kind: 'none' };

export function sourceChoiceOf(mapping: TemplateMapping, variable: string): SourceChoice {
  const source: VariableSource | undefined = Object.hasOwn(mapping, variable) ? mapping[variable] : undefined;
  if (!source) return { kind: 'none' };
  return 'value' in source ? { kind: 'value', value: source.value } : { kind: 'column', column: String(source.column) };
}

/** The mapping with one variable's source changed (`none` removes it). */
export function withSource(mapping: TemplateMapping, variable: string, choice: SourceChoice): TemplateMapping {
  const next = { ...mapping };
  if (choice.kind === 'none') delete next[variable];
  else next[variable] = choice.kind === 'value' ? { value: choice.value } : { column: choice.column };
  return next;
}

/** The variables without a source, in the template's order. */
export function unmappedOf(variables: readonly string[], mapping: TemplateMapping): string[] {
  return variables.filter((v) => sourceChoiceOf(mapping, v).kind === 'none');
}

/** Variables mapped to a column these signatories do not have (a column removed since, a typo in a saved mapping). */
export function unknownColumnsOf(variables: readonly string[], mapping: TemplateMapping, columns: readonly string[]): string[] {
  const known = new Set(columns.map((c) => c.trim().toLowerCase()));
  return variables.filter((v) => {
    const choice = sourceChoiceOf(mapping, v);
    return choice.kind === 'column' && !known.has(choice.column.trim().toLowerCase());
  });
}

/** A saved merge document as the PUT takes it back, with what the screen changed. */
export function mergeDocumentInputOf(saved: MergeDocument, patch: { mapping?: TemplateMapping; signatureFields?: SignatureField[] }): MergeDocumentInput {
  return {
    templateId: saved.templateId,
    title: saved.title,
    documentType: saved.documentType,
    checkBoxTexts: saved.checkBoxTexts,
    mapping: patch.mapping ?? saved.mapping,
    signatureFields: (patch.signatureFields ?? saved.signatureFields).map((f) => ({ ...f, signerIndex: 0 })),
  };
}

/** One signatory lacking values, as the send refusal lists them. */
export type ReadinessRow = { row: number; emailAddress: string; variables: string };
export type ReadinessSummary = { unmapped: string[]; unknownColumns: { variable: string; column: string }[]; rows: ReadinessRow[]; more: number };

/**
 * The `details` of a mail-merge send refusal (VALIDATION_FAILED, contract mergeReadinessSchema) as lines to read:
 * "Row 3 (jane@x.fr): ${city}, ${amount}" for the first `limit` rows, and how many more lack values. Null when the
 * details are not a readiness report (another refusal).
 */
export function readinessSummary(details: unknown, limit = 10): ReadinessSummary | null {
  const parsed = mergeReadinessSchema.safeParse(details);
  if (!parsed.success) return null;
  const { unmapped, unknownColumns, rowsMissingValues, rowsMissingCount } = parsed.data;
  const rows = rowsMissingValues.slice(0, limit).map((r) => ({ row: r.row, emailAddress: r.emailAddress, variables: r.variables.map(placeholder).join(', ') }));
  const total = Math.max(rowsMissingCount, rowsMissingValues.length);
  return { unmapped: unmapped.map(placeholder), unknownColumns, rows, more: total - rows.length };
}

/** A template's name without its extension: the merge document's default title. */
export const titleOfTemplate = (fileName: string) => fileName.replace(/\.(docx|odt)$/i, '');
