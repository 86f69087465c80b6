import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** German (de) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const de: Partial<Catalogue<TemplateName>> = {
  'signing-code': {
    subject: 'Ihr Signaturcode: ${code}',
    paragraphs: [
      'Guten Tag ${signerName},',
      'Ihr Code zum Signieren von „${label}“ lautet ${code}. Er läuft in ${minutes} Minuten ab.',
      'Geben Sie ihn an niemanden weiter: ${company} wird Sie niemals danach fragen.',
    ],
    sms: '${company}: Ihr Code zum Signieren von "${label}" lautet ${code} (gültig ${minutes} Min.).',
  },
  'signed-documents': {
    subject: 'Signiert: „${label}“',
    paragraphs: ['Guten Tag ${name},', 'Alle Unterzeichner haben „${label}“ (${company}) signiert. Die signierten Dokumente finden Sie im Anhang.'],
  },
  'signed-documents-link': {
    subject: 'Signiert: „${label}“',
    paragraphs: [
      'Guten Tag ${name},',
      'Alle Unterzeichner haben „${label}“ (${company}) signiert. Die signierten Dokumente sind zu groß für einen Anhang: Laden Sie sie über den folgenden Link herunter.',
    ],
    action: { label: 'Signierte Dokumente herunterladen', linkParam: 'link' },
  },
};
