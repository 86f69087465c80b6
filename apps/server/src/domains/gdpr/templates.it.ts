import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Italian (it) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const it: Partial<Catalogue<TemplateName>> = {
  'gdpr-export-ready': {
    subject: 'Esportazione GDPR pronta: ${subject}',
    paragraphs: [
      'Gentile ${firstName},',
      "L'esportazione da Lei richiesta dei dati che il Suo account conserva su ${subject} è pronta. Contiene le schede dei contatti, le partecipazioni alle richieste di firma e i documenti firmati ancora conservati.",
      'Il link funziona per ${days} giorni. Il file contiene dati personali: lo trasmetta solo alla persona interessata, tramite un canale sicuro.',
    ],
    action: { label: "Scarica l'esportazione", linkParam: 'link' },
  },
};
