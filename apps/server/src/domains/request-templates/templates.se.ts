import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Swedish (se) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const se: Partial<Catalogue<TemplateName>> = {
  'direct-link-code': {
    subject: 'Din verifieringskod: ${code}',
    paragraphs: [
      'Hej ${name},',
      'Din kod för att öppna "${templateName}" från ${company} är ${code}. Den går ut om ${minutes} minuter.',
      'Om du inte bad om den kan du bortse från detta mejl. Dela den aldrig med någon.',
    ],
  },
};
