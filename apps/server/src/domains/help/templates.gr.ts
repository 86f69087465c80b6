import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Greek (gr) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const gr: Partial<Catalogue<TemplateName>> = {
  'help-request': {
    subject: 'Αίτημα βοήθειας (${company}): ${subject}',
    paragraphs: [
      'Ο/Η ${userName} (${userEmail}, ${company}) ζητά βοήθεια — κατηγορία: ${category}.',
      '${message}',
      'Πλαίσιο: ${context}',
      'Απαντήστε απευθείας στο ${userEmail}.',
    ],
    action: { label: 'Προβολή των αιτημάτων', linkParam: 'link' },
  },
};
