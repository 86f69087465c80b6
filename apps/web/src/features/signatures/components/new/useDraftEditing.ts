import type { UseFormReturnType } from '@mantine/form';
import type { Locale } from '@paraphe/contracts';
import { newDocument, newSigner, placeUnplacedSigners, type Draft, type DraftDocument, type DraftSigner } from '../../draft.ts';
import { remapSignerIndexes } from '../../fieldGeometry.ts';

/** Where each old signerIndex goes after moving `from` to `to` (signerIndex = place in the list). */
export function moveMapping(count: number, from: number, to: number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  const mapping: number[] = [];
  order.forEach((oldIndex, newIndex) => (mapping[oldIndex] = newIndex));
  return mapping;
}

export function removeMapping(count: number, removed: number): number[] {
  return Array.from({ length: count }, (_, i) => (i < removed ? i : i === removed ? -1 : i - 1));
}

/** Signer and document edits that keep the signature fields on the right signers. */
export function useDraftEditing(
  form: UseFormReturnType<Draft>,
  language: Locale,
  files: { onAdded: (documents: DraftDocument[]) => void; onRemoved: (key: string) => void },
) {
  const values = () => form.getValues();
  const setDocuments = (documents: DraftDocument[]) => form.setFieldValue('documents', documents);
  // An edited input loses its error (the whole list is set at once, so Mantine cannot tell which one changed).
  const clearErrors = (prefix: string, patch: object) => Object.keys(patch).forEach((key) => form.clearFieldError(`${prefix}.${key}`));
  const remapAll = (mapping: number[]) =>
    setDocuments(values().documents.map((d) => ({ ...d, signatureFields: remapSignerIndexes(d.signatureFields, mapping) })));

  return {
    addSigner: () => {
      const signers = [...values().signers, newSigner(language)];
      form.setFieldValue('signers', signers);
      setDocuments(placeUnplacedSigners(values().documents, signers));
    },
    changeSigner: (index: number, patch: Partial<DraftSigner>) => {
      form.setFieldValue(
        'signers',
        values().signers.map((s, i) => (i === index ? { ...s, ...patch } : s)),
      );
      clearErrors(`signers.${index}`, patch);
    },
    removeSigner: (index: number) => {
      const { signers } = values();
      remapAll(removeMapping(signers.length, index));
      form.setFieldValue(
        'signers',
        signers.filter((_, i) => i !== index),
      );
      form.clearErrors(); // they name signers by their place, which changed
    },
    moveSigner: (from: number, to: number) => {
      const { signers } = values();
      if (to < 0 || to >= signers.length) return;
      remapAll(moveMapping(signers.length, from, to));
      const next = [...signers];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      form.setFieldValue('signers', next);
      form.clearErrors(); // they name signers by their place, which changed
    },
    addFiles: (added: File[]) => {
      const documents = added.map((f) => newDocument(f, values().signers));
      setDocuments([...values().documents, ...documents]);
      files.onAdded(documents);
    },
    changeDocument: (index: number, patch: Partial<DraftDocument>) => {
      setDocuments(values().documents.map((d, i) => (i === index ? { ...d, ...patch } : d)));
      clearErrors(`documents.${index}`, patch);
    },
    removeDocument: (index: number) => {
      const removed = values().documents[index];
      if (removed) files.onRemoved(removed.key);
      setDocuments(values().documents.filter((_, i) => i !== index));
      form.clearErrors();
    },
  };
}
