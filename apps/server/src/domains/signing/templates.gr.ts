import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Greek (gr) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const gr: Partial<Catalogue<TemplateName>> = {
  'signing-code': {
    subject: 'Ο κωδικός υπογραφής σας: ${code}',
    paragraphs: [
      'Γεια σας ${signerName},',
      'Ο κωδικός σας για την υπογραφή του «${label}» είναι ${code}. Λήγει σε ${minutes} λεπτά.',
      'Μην τον αποκαλύψετε σε κανέναν: η εταιρεία ${company} δεν θα σας τον ζητήσει ποτέ.',
    ],
    sms: '${company}: ο κωδικός σας για την υπογραφή του «${label}» είναι ${code} (ισχύει ${minutes} λεπτά).',
  },
  'signed-documents': {
    subject: 'Υπογράφηκε: «${label}»',
    paragraphs: ['Γεια σας ${name},', 'Όλοι οι υπογράφοντες υπέγραψαν το «${label}» (${company}). Τα υπογεγραμμένα έγγραφα επισυνάπτονται.'],
  },
  'signed-documents-link': {
    subject: 'Υπογράφηκε: «${label}»',
    paragraphs: [
      'Γεια σας ${name},',
      'Όλοι οι υπογράφοντες υπέγραψαν το «${label}» (${company}). Τα υπογεγραμμένα έγγραφα είναι πολύ μεγάλα για να επισυναφθούν: κατεβάστε τα από τον παρακάτω σύνδεσμο.',
    ],
    action: { label: 'Λήψη των υπογεγραμμένων εγγράφων', linkParam: 'link' },
  },
};
