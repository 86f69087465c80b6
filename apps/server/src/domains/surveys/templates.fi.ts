import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Finnish (fi) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const fi: Partial<Catalogue<TemplateName>> = {
  'survey-invitation': {
    subject: 'Mielipiteenne asiakirjasta "${label}"',
    paragraphs: [
      'Hyvä ${signerName},',
      'Kiitos, että allekirjoititte asiakirjan "${label}". ${company} haluaisi kuulla mielipiteenne: kyselyyn vastaaminen vie vain muutaman minuutin.',
    ],
    action: { label: 'Vastaa kyselyyn', linkParam: 'link' },
  },
};
