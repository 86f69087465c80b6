import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Finnish (fi) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const fi: Partial<Catalogue<TemplateName>> = {
  'help-request': {
    subject: 'Tukipyyntö (${company}): ${subject}',
    paragraphs: [
      '${userName} (${userEmail}, ${company}) pyytää apua — luokka: ${category}.',
      '${message}',
      'Konteksti: ${context}',
      'Vastaa suoraan osoitteeseen ${userEmail}.',
    ],
    action: { label: 'Näytä pyynnöt', linkParam: 'link' },
  },
};
