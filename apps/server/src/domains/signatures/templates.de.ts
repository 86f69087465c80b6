import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** German (de) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const de: Partial<Catalogue<TemplateName>> = {
  'signature-invitation': {
    subject: '${requesterName} bittet Sie, „${label}“ zu signieren',
    paragraphs: [
      'Guten Tag ${signerName},',
      '${requesterName} (${company}) bittet Sie, „${label}“ elektronisch zu signieren.',
      '${message}',
      'Sie können bis zum ${expiresOn} signieren.',
    ],
    action: { label: 'Ansehen und signieren', linkParam: 'link' },
    sms: '${company}: ${requesterName} bittet Sie, "${label}" zu signieren: ${link}',
  },
  'signature-reminder': {
    subject: 'Erinnerung: „${label}“ wartet auf Ihre Unterschrift',
    paragraphs: [
      'Guten Tag ${signerName},',
      '${requesterName} (${company}) wartet noch auf Ihre Unterschrift für „${label}“.',
      'Sie können bis zum ${expiresOn} signieren.',
    ],
    action: { label: 'Ansehen und signieren', linkParam: 'link' },
    sms: '${company}: Erinnerung, "${label}" wartet auf Ihre Unterschrift: ${link}',
  },
  'signature-expired': {
    subject: 'Signaturanfrage abgelaufen: „${label}“',
    paragraphs: ['Guten Tag ${firstName},', 'Die Signaturanfrage „${label}“ ist abgelaufen, bevor alle Unterzeichner signiert haben.'],
  },
  'signature-canceled': {
    subject: 'Signaturanfrage storniert: „${label}“',
    paragraphs: ['Guten Tag ${signerName},', '${requesterName} (${company}) hat die Signaturanfrage „${label}“ storniert. Sie müssen nichts weiter tun.'],
    sms: '${company}: Die Signaturanfrage "${label}" wurde storniert.',
  },
  'request-started': {
    subject: 'Ihre Anfrage „${label}“ wurde versendet',
    paragraphs: [
      'Guten Tag ${requesterName},',
      'Ihre Signaturanfrage „${label}“ wurde an ihre Unterzeichner (${signerCount}) versendet.',
      'Sie können ihren Fortschritt jederzeit verfolgen.',
    ],
    action: { label: 'Anfrage ansehen', linkParam: 'link' },
  },
  'signer-delegated': {
    subject: '„${label}“ wurde an ${delegateName} übergeben',
    paragraphs: [
      'Guten Tag ${requesterName},',
      '${signerName} hat die Anfrage „${label}“ am ${at} an ${delegateName} (${delegateEmail}) übergeben.',
      'Grund: ${reason}',
      '${delegateName} wurde an seiner Stelle eingeladen und wird wie jeder Unterzeichner mit einem Einmalcode geprüft.',
    ],
    action: { label: 'Anfrage ansehen', linkParam: 'link' },
  },
};
