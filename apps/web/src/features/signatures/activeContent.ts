import type { DocumentActiveContent } from '@paraphe/contracts';
import { languageTag } from '@paraphe/contracts';

/**
 * What a document's active content means for its signers (docs/security.md, "Active content"): the kinds removed
 * from the version they get (JavaScript, Launch, SubmitForm, ImportData, RichMediaExecute, XFA), and the kinds
 * found and kept (links, attachments). Null when nothing was found.
 */
export function activeContentParts(activeContent: DocumentActiveContent | undefined): { neutralised: string[]; kept: string[] } | null {
  if (!activeContent || activeContent.found.length === 0) return null;
  const neutralised = [...new Set(activeContent.neutralised)];
  const kept = [...new Set(activeContent.found.filter((kind) => !neutralised.includes(kind)))];
  return { neutralised, kept };
}

/** "a, b and c" in the reader's language. */
export function listOf(items: readonly string[], language: string): string {
  try {
    return new Intl.ListFormat(languageTag(language), { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}
