import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** German (de) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const de: Partial<Catalogue<TemplateName>> = {
  'help-request': {
    subject: 'Hilfeanfrage (${company}): ${subject}',
    paragraphs: [
      '${userName} (${userEmail}, ${company}) bittet um Hilfe — Kategorie: ${category}.',
      '${message}',
      'Kontext: ${context}',
      'Antworten Sie direkt an ${userEmail}.',
    ],
    action: { label: 'Anfragen ansehen', linkParam: 'link' },
  },
};
