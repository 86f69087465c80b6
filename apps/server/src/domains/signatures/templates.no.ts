import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Norwegian (Bokmål) (no) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const no: Partial<Catalogue<TemplateName>> = {
  'signature-invitation': {
    subject: '${requesterName} ber deg signere «${label}»',
    paragraphs: [
      'Hei ${signerName},',
      '${requesterName} (${company}) ber deg signere «${label}» elektronisk.',
      '${message}',
      'Du kan signere til og med ${expiresOn}.',
    ],
    action: { label: 'Se gjennom og signer', linkParam: 'link' },
    sms: '${company}: ${requesterName} ber deg signere "${label}": ${link}',
  },
  'signature-reminder': {
    subject: 'Påminnelse: «${label}» venter på signaturen din',
    paragraphs: [
      'Hei ${signerName},',
      '${requesterName} (${company}) venter fortsatt på signaturen din på «${label}».',
      'Du kan signere til og med ${expiresOn}.',
    ],
    action: { label: 'Se gjennom og signer', linkParam: 'link' },
    sms: '${company}: påminnelse, "${label}" venter på signaturen din: ${link}',
  },
  'signature-expired': {
    subject: 'Signeringsforespørsel utløpt: «${label}»',
    paragraphs: ['Hei ${firstName},', 'Signeringsforespørselen «${label}» utløp før alle signatarene hadde signert.'],
  },
  'signature-canceled': {
    subject: 'Signeringsforespørsel kansellert: «${label}»',
    paragraphs: ['Hei ${signerName},', '${requesterName} (${company}) har kansellert signeringsforespørselen «${label}». Du trenger ikke gjøre noe mer.'],
    sms: '${company}: signeringsforespørselen "${label}" er kansellert.',
  },
  'request-started': {
    subject: 'Forespørselen din «${label}» er sendt',
    paragraphs: [
      'Hei ${requesterName},',
      'Signeringsforespørselen din «${label}» er sendt til signatarene (${signerCount}).',
      'Du kan følge fremdriften når som helst.',
    ],
    action: { label: 'Se forespørselen', linkParam: 'link' },
  },
  'signer-delegated': {
    subject: '«${label}» ble overlatt til ${delegateName}',
    paragraphs: [
      'Hei ${requesterName},',
      '${signerName} overlot forespørselen «${label}» til ${delegateName} (${delegateEmail}) ${at}.',
      'Begrunnelse: ${reason}',
      '${delegateName} ble invitert i stedet og bekreftes med en engangskode som alle signatarer.',
    ],
    action: { label: 'Se forespørselen', linkParam: 'link' },
  },
};
