import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Greek (gr) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const gr: Partial<Catalogue<TemplateName>> = {
  'direct-link-code': {
    subject: 'Ο κωδικός επαλήθευσής σας: ${code}',
    paragraphs: [
      'Γεια σας ${name},',
      'Ο κωδικός σας για να ανοίξετε το «${templateName}» της ${company} είναι ${code}. Λήγει σε ${minutes} λεπτά.',
      'Αν δεν τον ζητήσατε, αγνοήστε αυτό το μήνυμα. Μην τον δώσετε σε κανέναν.',
    ],
  },
};
