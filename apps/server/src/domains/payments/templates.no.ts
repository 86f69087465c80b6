import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Norwegian (Bokmål) (no) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const no: Partial<Catalogue<TemplateName>> = {
  'payment-auto-failed': {
    subject: 'Automatisk betaling mislyktes (${company})',
    paragraphs: [
      'Hei,',
      'Den automatiske betalingen på ${amount} € for ${company} mislyktes: ${reason}.',
      'Rett betalingsmåten din under Innstillinger → Fakturering, og betal deretter de utestående fakturaene.',
    ],
    action: { label: 'Se betalingene', linkParam: 'link' },
  },
};
