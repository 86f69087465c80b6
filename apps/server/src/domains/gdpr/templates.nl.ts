import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Dutch (nl) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const nl: Partial<Catalogue<TemplateName>> = {
  'gdpr-export-ready': {
    subject: 'AVG-export klaar: ${subject}',
    paragraphs: [
      'Beste ${firstName},',
      'De door u aangevraagde export van de gegevens die uw account over ${subject} bewaart, is klaar. Deze bevat de contactkaarten, de deelnames aan ondertekeningsverzoeken en de nog bewaarde ondertekende documenten.',
      'De link werkt ${days} dagen. Het bestand bevat persoonsgegevens: geef het alleen aan de betrokken persoon, via een veilig kanaal.',
    ],
    action: { label: 'Export downloaden', linkParam: 'link' },
  },
};
