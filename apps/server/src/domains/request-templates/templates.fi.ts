import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Finnish (fi) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const fi: Partial<Catalogue<TemplateName>> = {
  'direct-link-code': {
    subject: 'Vahvistuskoodisi: ${code}',
    paragraphs: [
      'Hei ${name},',
      'Koodisi, jolla avaat ${company}:n asiakirjan "${templateName}", on ${code}. Se vanhenee ${minutes} minuutissa.',
      'Jos et pyytänyt sitä, voit jättää tämän viestin huomiotta. Älä kerro sitä kenellekään.',
    ],
  },
};
