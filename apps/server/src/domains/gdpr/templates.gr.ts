import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Greek (gr) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const gr: Partial<Catalogue<TemplateName>> = {
  'gdpr-export-ready': {
    subject: 'Η εξαγωγή ΓΚΠΔ είναι έτοιμη: ${subject}',
    paragraphs: [
      'Γεια σας ${firstName},',
      'Η εξαγωγή που ζητήσατε για τα δεδομένα που τηρεί ο λογαριασμός σας για ${subject} είναι έτοιμη. Περιέχει τις καρτέλες επαφών, τις συμμετοχές σε αιτήματα υπογραφής και τα υπογεγραμμένα έγγραφα που διατηρούνται ακόμη.',
      'Ο σύνδεσμος λειτουργεί για ${days} ημέρες. Το αρχείο περιέχει δεδομένα προσωπικού χαρακτήρα: διαβιβάστε το μόνο στο ενδιαφερόμενο πρόσωπο, με ασφαλή τρόπο.',
    ],
    action: { label: 'Λήψη της εξαγωγής', linkParam: 'link' },
  },
};
