import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** German (de) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const de: Partial<Catalogue<TemplateName>> = {
  'payment-auto-failed': {
    subject: 'Automatische Zahlung fehlgeschlagen (${company})',
    paragraphs: [
      'Guten Tag,',
      'Die automatische Zahlung von ${amount} € für ${company} ist fehlgeschlagen: ${reason}.',
      'Korrigieren Sie Ihre Zahlungsmethode unter Einstellungen → Abrechnung und begleichen Sie anschließend die offenen Rechnungen.',
    ],
    action: { label: 'Zahlungen anzeigen', linkParam: 'link' },
  },
};
