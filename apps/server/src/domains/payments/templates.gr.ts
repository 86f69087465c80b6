import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Greek (gr) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const gr: Partial<Catalogue<TemplateName>> = {
  'payment-auto-failed': {
    subject: 'Η αυτόματη πληρωμή απέτυχε (${company})',
    paragraphs: [
      'Γεια σας,',
      'Η αυτόματη πληρωμή ποσού ${amount} € για τον λογαριασμό ${company} απέτυχε: ${reason}.',
      'Διορθώστε τον τρόπο πληρωμής σας στις Ρυθμίσεις → Χρέωση και, στη συνέχεια, εξοφλήστε τα εκκρεμή τιμολόγια.',
    ],
    action: { label: 'Προβολή πληρωμών', linkParam: 'link' },
  },
};
