import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Swedish (se) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const se: Partial<Catalogue<TemplateName>> = {
  'payment-auto-failed': {
    subject: 'Automatisk betalning misslyckades (${company})',
    paragraphs: [
      'Hej,',
      'Den automatiska betalningen på ${amount} € för ${company} misslyckades: ${reason}.',
      'Rätta din betalningsmetod under Inställningar → Fakturering och betala sedan de obetalda fakturorna.',
    ],
    action: { label: 'Visa betalningarna', linkParam: 'link' },
  },
};
