import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Dutch (nl) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const nl: Partial<Catalogue<TemplateName>> = {
  'help-request': {
    subject: 'Hulpverzoek (${company}): ${subject}',
    paragraphs: [
      '${userName} (${userEmail}, ${company}) vraagt om hulp — categorie: ${category}.',
      '${message}',
      'Context: ${context}',
      'Antwoord rechtstreeks aan ${userEmail}.',
    ],
    action: { label: 'Verzoeken bekijken', linkParam: 'link' },
  },
};
