import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** German (de) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const de: Partial<Catalogue<TemplateName>> = {
  'direct-link-code': {
    subject: 'Ihr Bestätigungscode: ${code}',
    paragraphs: [
      'Guten Tag ${name},',
      'Ihr Code, um „${templateName}“ von ${company} zu öffnen, lautet ${code}. Er läuft in ${minutes} Minuten ab.',
      'Haben Sie ihn nicht angefordert, ignorieren Sie diese E-Mail. Geben Sie ihn an niemanden weiter.',
    ],
  },
};
