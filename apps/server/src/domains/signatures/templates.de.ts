import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** German (de) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const de: Partial<Catalogue<TemplateName>> = {
  'signature-invitation': {
    subject: '${requesterName} bittet Sie, „${label}“ zu unterschreiben',
    paragraphs: [
      'Guten Tag ${signerName},',
      '${requesterName} (${company}) bittet Sie, „${label}“ elektronisch zu unterschreiben.',
      '${message}',
      'Sie können bis zum ${expiresOn} unterschreiben.',
    ],
    action: { label: 'Ansehen und unterschreiben', linkParam: 'link' },
    sms: '${company}: ${requesterName} bittet Sie, "${label}" zu unterschreiben: ${link}',
  },
  'signature-reminder': {
    subject: 'Erinnerung: „${label}“ wartet auf Ihre Unterschrift',
    paragraphs: [
      'Guten Tag ${signerName},',
      '${requesterName} (${company}) wartet noch auf Ihre Unterschrift für „${label}“.',
      'Sie können bis zum ${expiresOn} unterschreiben.',
    ],
    action: { label: 'Ansehen und unterschreiben', linkParam: 'link' },
    sms: '${company}: Erinnerung, "${label}" wartet auf Ihre Unterschrift: ${link}',
  },
  'signature-expired': {
    subject: 'Signaturanfrage abgelaufen: „${label}“',
    paragraphs: [
      'Guten Tag ${firstName},',
      'Die Signaturanfrage „${label}“ ist abgelaufen, bevor alle Unterzeichner unterschrieben haben.',
    ],
  },
  'signature-canceled': {
    subject: 'Signaturanfrage zurückgezogen: „${label}“',
    paragraphs: [
      'Guten Tag ${signerName},',
      '${requesterName} (${company}) hat die Signaturanfrage „${label}“ zurückgezogen. Sie müssen nichts weiter tun.',
    ],
    sms: '${company}: Die Signaturanfrage "${label}" wurde zurückgezogen.',
  },
};
