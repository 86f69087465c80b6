import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Dutch (nl) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const nl: Partial<Catalogue<TemplateName>> = {
  'payment-auto-failed': {
    subject: 'Automatische betaling mislukt (${company})',
    paragraphs: [
      'Goedendag,',
      'De automatische betaling van € ${amount} voor ${company} is mislukt: ${reason}.',
      'Corrigeer uw betaalmethode via Instellingen → Facturering en betaal daarna de openstaande facturen.',
    ],
    action: { label: 'Betalingen bekijken', linkParam: 'link' },
  },
};
