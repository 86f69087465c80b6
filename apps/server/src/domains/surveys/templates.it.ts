import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Italian (it) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const it: Partial<Catalogue<TemplateName>> = {
  'survey-invitation': {
    subject: 'La Sua opinione su «${label}»',
    paragraphs: [
      'Gentile ${signerName},',
      'La ringraziamo per aver firmato «${label}». ${company} desidera conoscere la Sua opinione: il questionario richiede solo pochi minuti.',
    ],
    action: { label: 'Risponda al questionario', linkParam: 'link' },
  },
};
