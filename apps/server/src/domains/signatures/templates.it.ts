import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Italian (it) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const it: Partial<Catalogue<TemplateName>> = {
  'signature-invitation': {
    subject: '${requesterName} la invita a firmare «${label}»',
    paragraphs: [
      'Gentile ${signerName},',
      '${requesterName} (${company}) la invita a firmare elettronicamente «${label}».',
      '${message}',
      'Può firmare fino al ${expiresOn}.',
    ],
    action: { label: 'Visualizza e firma', linkParam: 'link' },
    sms: '${company}: ${requesterName} la invita a firmare "${label}": ${link}',
  },
  'signature-reminder': {
    subject: 'Promemoria: «${label}» attende la sua firma',
    paragraphs: ['Gentile ${signerName},', '${requesterName} (${company}) attende ancora la sua firma su «${label}».', 'Può firmare fino al ${expiresOn}.'],
    action: { label: 'Visualizza e firma', linkParam: 'link' },
    sms: '${company}: promemoria, "${label}" attende la sua firma: ${link}',
  },
  'signature-expired': {
    subject: 'Richiesta di firma scaduta: «${label}»',
    paragraphs: ['Gentile ${firstName},', 'La richiesta di firma «${label}» è scaduta prima che tutti i firmatari la firmassero.'],
  },
  'signature-canceled': {
    subject: 'Richiesta di firma annullata: «${label}»',
    paragraphs: ['Gentile ${signerName},', "${requesterName} (${company}) ha annullato la richiesta di firma «${label}». Non deve fare nient'altro."],
    sms: '${company}: la richiesta di firma "${label}" è stata annullata.',
  },
  'request-started': {
    subject: 'La sua richiesta «${label}» è stata inviata',
    paragraphs: [
      'Buongiorno ${requesterName},',
      'La sua richiesta di firma «${label}» è stata inviata ai firmatari (${signerCount}).',
      "Può seguirne l'avanzamento in qualsiasi momento.",
    ],
    action: { label: 'Visualizza la richiesta', linkParam: 'link' },
  },
  'signer-delegated': {
    subject: '«${label}» è stata affidata a ${delegateName}',
    paragraphs: [
      'Buongiorno ${requesterName},',
      '${signerName} ha affidato la richiesta «${label}» a ${delegateName} (${delegateEmail}) il ${at}.',
      'Motivo: ${reason}',
      '${delegateName} è stato/a invitato/a al suo posto e sarà verificato/a con un codice monouso, come ogni firmatario.',
    ],
    action: { label: 'Vedi la richiesta', linkParam: 'link' },
  },
};
