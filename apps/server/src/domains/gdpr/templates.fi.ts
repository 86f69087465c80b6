import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Finnish (fi) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const fi: Partial<Catalogue<TemplateName>> = {
  'gdpr-export-ready': {
    subject: 'GDPR-vienti valmis: ${subject}',
    paragraphs: [
      'Hei ${firstName},',
      'Pyytämäsi vienti tiedoista, joita tililläsi on kohteesta ${subject}, on valmis. Se sisältää yhteystietokortit, osallistumiset allekirjoituspyyntöihin ja vielä säilytettävät allekirjoitetut asiakirjat.',
      'Linkki toimii ${days} päivää. Tiedosto sisältää henkilötietoja: anna se vain asianomaiselle henkilölle turvallista kanavaa pitkin.',
    ],
    action: { label: 'Lataa vienti', linkParam: 'link' },
  },
};
