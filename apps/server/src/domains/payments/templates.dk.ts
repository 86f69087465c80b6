import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Danish (dk) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const dk: Partial<Catalogue<TemplateName>> = {
  'payment-auto-failed': {
    subject: 'Automatisk betaling mislykkedes (${company})',
    paragraphs: [
      'Hej,',
      'Den automatiske betaling på ${amount} € for ${company} mislykkedes: ${reason}.',
      'Ret din betalingsmetode under Indstillinger → Fakturering, og betal derefter de udestående fakturaer.',
    ],
    action: { label: 'Se betalingerne', linkParam: 'link' },
  },
};
