import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Greek (gr) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const gr: Partial<Catalogue<TemplateName>> = {
  'second-factor-code': {
    subject: 'Ο κωδικός σύνδεσής σας: ${code}',
    paragraphs: ['Γεια σας ${firstName},', 'Ο κωδικός σύνδεσής σας είναι ${code}. Λήγει σε ${minutes} λεπτά.'],
    sms: 'Κωδικός σύνδεσης: ${code} (ισχύει ${minutes} λεπτά).',
  },
  'login-locked': {
    subject: 'Προσπάθειες σύνδεσης στον λογαριασμό σας',
    paragraphs: [
      'Γεια σας ${firstName},',
      'Κάποιος προσπάθησε πολλές φορές να συνδεθεί στον λογαριασμό σας με λανθασμένο κωδικό πρόσβασης. Για λόγους ασφαλείας, η σύνδεση με κωδικό πρόσβασης έχει ανασταλεί για ${minutes} λεπτά.',
      'Αν ήσασταν εσείς, περιμένετε ή επιλέξτε νέο κωδικό πρόσβασης: έτσι η αναστολή αίρεται αμέσως. Διαφορετικά, ο κωδικός πρόσβασής σας δεν έχει διαρρεύσει· μπορείτε να αγνοήσετε αυτό το μήνυμα.',
    ],
    action: { label: 'Επιλογή νέου κωδικού πρόσβασης', linkParam: 'link' },
  },
  'login-codes-locked': {
    subject: 'Λανθασμένοι κωδικοί σύνδεσης στον λογαριασμό σας',
    paragraphs: [
      'Γεια σας ${firstName},',
      'Καταχωρίστηκαν αρκετοί λανθασμένοι κωδικοί σύνδεσης για τον λογαριασμό σας, μετά τον σωστό κωδικό πρόσβασης. Η σύνδεση έχει ανασταλεί για ${minutes} λεπτά.',
      'Αν δεν ήσασταν εσείς, κάποιος γνωρίζει τον κωδικό πρόσβασής σας: αλλάξτε τον αμέσως.',
    ],
    action: { label: 'Αλλαγή του κωδικού πρόσβασής μου', linkParam: 'link' },
  },
};
