import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Swedish (se) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const se: Partial<Catalogue<TemplateName>> = {
  'gdpr-export-ready': {
    subject: 'GDPR-export klar: ${subject}',
    paragraphs: [
      'Hej ${firstName},',
      'Exporten du begärde av de data ditt konto har om ${subject} är klar. Den innehåller kontaktkorten, deltagandet i signeringsförfrågningar och de signerade dokument som fortfarande sparas.',
      'Länken fungerar i ${days} dagar. Filen innehåller personuppgifter: lämna den endast till den berörda personen, via en säker kanal.',
    ],
    action: { label: 'Ladda ned exporten', linkParam: 'link' },
  },
};
