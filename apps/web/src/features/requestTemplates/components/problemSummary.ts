import type { TFunction } from 'i18next';
import type { SignatureDraft } from '../../signatures/index.ts';
import { sectionOf } from '../templateForm.ts';

/**
 * The editor's problems as lines that say where each is — "Roles tab › Role 2 (Client): Required" — since a
 * field's own message may sit on a tab that is not shown.
 */
export function problemSummary(errors: Record<string, string>, draft: Pick<SignatureDraft, 'signers' | 'documents'>, t: TFunction): string[] {
  const lines = Object.entries(errors).map(([path, message]) => {
    const section = sectionOf(path);
    const index = Number(path.split('.')[1]);
    const place: string[] = section === 'general' ? [] : [t(`editor.tabs.${section}`, { ns: 'requestTemplates' })];
    if (section === 'roles' && Number.isInteger(index))
      place.push(t('roles.cardLabelNamed', { ns: 'requestTemplates', n: index + 1, name: draft.signers[index]?.firstname ?? '' }));
    if (section === 'documents' && Number.isInteger(index)) place.push(draft.documents[index]?.file.name ?? `#${index + 1}`);
    return place.length > 0 ? `${place.join(' › ')}: ${message}` : message;
  });
  return [...new Set(lines)];
}
