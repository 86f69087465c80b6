import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** German (de) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const de: Partial<Catalogue<TemplateName>> = {
  'gdpr-export-ready': {
    subject: 'DSGVO-Export bereit: ${subject}',
    paragraphs: [
      'Guten Tag ${firstName},',
      'Der von Ihnen angeforderte Export der Daten, die Ihr Konto zu ${subject} speichert, ist bereit. Er enthält die Kontakteinträge, die Teilnahmen an Signaturanfragen und die noch aufbewahrten signierten Dokumente.',
      'Der Link ist ${days} Tage gültig. Diese Datei enthält personenbezogene Daten: Geben Sie sie nur an die betroffene Person weiter, über einen sicheren Weg.',
    ],
    action: { label: 'Export herunterladen', linkParam: 'link' },
  },
};
