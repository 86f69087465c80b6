import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Greek (gr) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const gr: Partial<Catalogue<TemplateName>> = {
  'signature-invitation': {
    subject: '${requesterName} σας προσκαλεί να υπογράψετε το «${label}»',
    paragraphs: [
      'Γεια σας ${signerName},',
      '${requesterName} (${company}) σας προσκαλεί να υπογράψετε ηλεκτρονικά το «${label}».',
      '${message}',
      'Μπορείτε να υπογράψετε έως τις ${expiresOn}.',
    ],
    action: { label: 'Προβολή και υπογραφή', linkParam: 'link' },
    sms: '${company}: ${requesterName} σας προσκαλεί να υπογράψετε το «${label}»: ${link}',
  },
  'signature-reminder': {
    subject: 'Υπενθύμιση: το «${label}» αναμένει την υπογραφή σας',
    paragraphs: [
      'Γεια σας ${signerName},',
      '${requesterName} (${company}) αναμένει ακόμη την υπογραφή σας στο «${label}».',
      'Μπορείτε να υπογράψετε έως τις ${expiresOn}.',
    ],
    action: { label: 'Προβολή και υπογραφή', linkParam: 'link' },
    sms: '${company}: υπενθύμιση, το «${label}» αναμένει την υπογραφή σας: ${link}',
  },
  'signature-expired': {
    subject: 'Το αίτημα υπογραφής έληξε: «${label}»',
    paragraphs: ['Γεια σας ${firstName},', 'Το αίτημα υπογραφής «${label}» έληξε πριν υπογραφεί από όλους τους υπογράφοντες.'],
  },
  'signature-canceled': {
    subject: 'Το αίτημα υπογραφής ακυρώθηκε: «${label}»',
    paragraphs: ['Γεια σας ${signerName},', '${requesterName} (${company}) ακύρωσε το αίτημα υπογραφής «${label}». Δεν χρειάζεται να κάνετε τίποτε άλλο.'],
    sms: '${company}: το αίτημα υπογραφής «${label}» ακυρώθηκε.',
  },
  'request-started': {
    subject: 'Το αίτημά σας «${label}» στάλθηκε',
    paragraphs: [
      'Γεια σας ${requesterName},',
      'Το αίτημα υπογραφής σας «${label}» στάλθηκε στους υπογράφοντες (${signerCount}).',
      'Μπορείτε να παρακολουθείτε την πρόοδό του ανά πάσα στιγμή.',
    ],
    action: { label: 'Προβολή του αιτήματος', linkParam: 'link' },
  },
  'signer-delegated': {
    subject: 'Το «${label}» μεταβιβάστηκε στον/στην ${delegateName}',
    paragraphs: [
      'Γεια σας ${requesterName},',
      'Ο/Η ${signerName} μεταβίβασε το αίτημα «${label}» στον/στην ${delegateName} (${delegateEmail}) στις ${at}.',
      'Αιτιολογία: ${reason}',
      'Ο/Η ${delegateName} προσκλήθηκε στη θέση του/της και θα επαληθευτεί με κωδικό μίας χρήσης, όπως κάθε υπογράφων.',
    ],
    action: { label: 'Προβολή του αιτήματος', linkParam: 'link' },
  },
};
