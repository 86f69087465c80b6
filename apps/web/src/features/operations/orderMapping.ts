import { maxSignersPerOrder, orderSignerColumnFields, type OrderImportMapping } from '@paraphe/contracts';

/**
 * Step 2 of the order import: which column feeds each field of an order (the contract's shape, field → column, with
 * the fields named as the template's columns: `document`, `signer2_email`). A field feeds from one column by
 * construction; a column gives one field (assigning moves it).
 */

/** The field a column gives, if any. */
export function fieldOfColumn(mapping: OrderImportMapping, column: number): string | null {
  return Object.keys(mapping).find((key) => mapping[key] === column) ?? null;
}

/** Gives `field` to `column` (null: the column is ignored): the column's previous field and the field's previous column are freed. */
export function assignColumn(mapping: OrderImportMapping, column: number, field: string | null): OrderImportMapping {
  const next: OrderImportMapping = {};
  for (const [key, index] of Object.entries(mapping)) if (index !== column && key !== field) next[key] = index;
  if (field) next[field] = column;
  return next;
}

/**
 * What the import would refuse, naming the field: the document (not in an operation made from a template: its
 * document is the default), a signer's e-mail (signer 1's, or that of a signer with other columns).
 */
export type MappingProblem = { problem: 'documentRequired' } | { problem: 'emailRequired'; signer: number };

export function mappingProblem(mapping: OrderImportMapping, documentOptional = false): MappingProblem | null {
  if (mapping.document === undefined && !documentOptional) return { problem: 'documentRequired' };
  const signers = new Set(
    Object.keys(mapping)
      .flatMap((key) => /^signer(\d+)_/.exec(key)?.[1] ?? [])
      .map(Number),
  );
  if (!signers.size) return { problem: 'emailRequired', signer: 1 };
  for (const signer of [...signers].sort((a, b) => a - b)) if (mapping[`signer${signer}_email`] === undefined) return { problem: 'emailRequired', signer };
  return null;
}

/** The signers offered: those mapped, and one more (up to 10), so that a second signer's columns can be given. */
export function signersOffered(mapping: OrderImportMapping): number {
  const highest = Math.max(0, ...Object.keys(mapping).map((key) => Number(/^signer(\d+)_/.exec(key)?.[1] ?? 0)));
  return Math.min(maxSignersPerOrder, Math.max(2, highest + 1));
}

/** Every field offered, grouped: the document, then each signer's fields in the template's order. */
export function fieldGroups(signers: number): { signer: number | null; fields: string[] }[] {
  return [
    { signer: null, fields: ['document'] },
    ...Array.from({ length: signers }, (_, i) => ({ signer: i + 1, fields: orderSignerColumnFields.map((f) => `signer${i + 1}_${f}`) })),
  ];
}
