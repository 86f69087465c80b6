import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Greek (gr) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const gr: Partial<Catalogue<TemplateName>> = {
  'survey-invitation': {
    subject: 'Η γνώμη σας για το «${label}»',
    paragraphs: [
      'Αγαπητέ/ή ${signerName},',
      'Σας ευχαριστούμε που υπογράψατε το «${label}». Η εταιρεία ${company} θα ήθελε να μάθει τη γνώμη σας: η έρευνα διαρκεί μόνο λίγα λεπτά.',
    ],
    action: { label: 'Απαντήστε στην έρευνα', linkParam: 'link' },
  },
};
