import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Greek (gr) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const gr: Partial<Catalogue<TemplateName>> = {
  'confirm-account': {
    subject: 'Επιβεβαίωση του λογαριασμού σας ${company}',
    paragraphs: [
      'Γεια σας ${firstName},',
      'Σας ευχαριστούμε για την εγγραφή σας. Επιβεβαιώστε τη διεύθυνση email σας για να ενεργοποιήσετε τον λογαριασμό σας.',
    ],
    action: { label: 'Επιβεβαίωση της διεύθυνσής μου', linkParam: 'link' },
  },
  'reset-password': {
    subject: 'Επαναφορά του κωδικού πρόσβασής σας',
    paragraphs: [
      'Γεια σας ${firstName},',
      'Ζητήθηκε επαναφορά του κωδικού πρόσβασης του λογαριασμού σας. Ο σύνδεσμος ισχύει για μία ώρα.',
      'Αν δεν το ζητήσατε εσείς, αγνοήστε αυτό το μήνυμα.',
    ],
    action: { label: 'Επιλογή νέου κωδικού πρόσβασης', linkParam: 'link' },
  },
  'set-password': {
    subject: 'Η πρόσβασή σας: ${company}',
    paragraphs: ['Γεια σας ${firstName},', '${invitedBy} δημιούργησε πρόσβαση για εσάς. Επιλέξτε τον κωδικό πρόσβασής σας για να συνδεθείτε.'],
    action: { label: 'Επιλογή κωδικού πρόσβασης', linkParam: 'link' },
  },
  'confirm-email-change': {
    subject: 'Επιβεβαιώστε τη νέα διεύθυνση email σας',
    paragraphs: [
      'Γεια σας ${firstName},',
      'Η διεύθυνση ${newEmail} δηλώθηκε για τον λογαριασμό σας ${company}. Επιβεβαιώστε την, ώστε να γίνει η διεύθυνση σύνδεσής σας. Ο σύνδεσμος ισχύει για ${hours} ώρες.',
      'Αν το μήνυμα δεν σας αφορά, αγνοήστε το: δεν αλλάζει τίποτα.',
    ],
    action: { label: 'Επιβεβαίωση αυτής της διεύθυνσης', linkParam: 'link' },
  },
  'email-change-notice': {
    subject: 'Ζητήθηκε αλλαγή της διεύθυνσης email του λογαριασμού σας',
    paragraphs: [
      'Γεια σας ${firstName},',
      '${changedBy} ζήτησε ο λογαριασμός σας ${company} να χρησιμοποιεί στο εξής τη διεύθυνση ${newEmail}. Η αλλαγή θα ισχύσει μόνο αφού επιβεβαιωθεί από εκείνη τη διεύθυνση· μέχρι τότε συνδέεστε με την τρέχουσα διεύθυνσή σας.',
      'Αν αυτή η αλλαγή σας ξαφνιάζει, επικοινωνήστε με τον διαχειριστή σας.',
    ],
  },
};
