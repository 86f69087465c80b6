import type { VerifiedSignature } from '@paraphe/contracts';

/**
 * What the report's "Document" line says of a signature (issue 25 item 16): it never claims "content unchanged" for
 * a signature whose integrity check failed — altered bytes after the signed range are a change, not an extension.
 */
export function coverageKey(signature: Pick<VerifiedSignature, 'integrity' | 'coversWholeDocument' | 'modifiedAfterSigning'>): string {
  if (signature.coversWholeDocument) return 'report.wholeDocument';
  if (signature.modifiedAfterSigning || !signature.integrity) return 'report.changedAfter';
  return 'report.laterRevisions';
}
