import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Finnish (fi) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const fi: Partial<Catalogue<TemplateName>> = {
  'signature-invitation': {
    subject: '${requesterName} pyytää sinua allekirjoittamaan asiakirjan ”${label}”',
    paragraphs: [
      'Hei ${signerName},',
      '${requesterName} (${company}) pyytää sinua allekirjoittamaan asiakirjan ”${label}” sähköisesti.',
      '${message}',
      'Voit allekirjoittaa ${expiresOn} asti.',
    ],
    action: { label: 'Tarkastele ja allekirjoita', linkParam: 'link' },
    sms: '${company}: ${requesterName} pyytää sinua allekirjoittamaan asiakirjan "${label}": ${link}',
  },
  'signature-reminder': {
    subject: 'Muistutus: ”${label}” odottaa allekirjoitustasi',
    paragraphs: [
      'Hei ${signerName},',
      '${requesterName} (${company}) odottaa edelleen allekirjoitustasi asiakirjaan ”${label}”.',
      'Voit allekirjoittaa ${expiresOn} asti.',
    ],
    action: { label: 'Tarkastele ja allekirjoita', linkParam: 'link' },
    sms: '${company}: muistutus, "${label}" odottaa allekirjoitustasi: ${link}',
  },
  'signature-expired': {
    subject: 'Allekirjoituspyyntö vanheni: ”${label}”',
    paragraphs: ['Hei ${firstName},', 'Allekirjoituspyyntö ”${label}” vanheni ennen kuin kaikki allekirjoittajat olivat allekirjoittaneet sen.'],
  },
  'signature-canceled': {
    subject: 'Allekirjoituspyyntö peruttu: ”${label}”',
    paragraphs: ['Hei ${signerName},', '${requesterName} (${company}) on perunut allekirjoituspyynnön ”${label}”. Sinun ei tarvitse tehdä mitään.'],
    sms: '${company}: allekirjoituspyyntö "${label}" on peruttu.',
  },
  'request-started': {
    subject: 'Pyyntösi ”${label}” on lähetetty',
    paragraphs: [
      'Hei ${requesterName},',
      'Allekirjoituspyyntösi ”${label}” on lähetetty sen allekirjoittajille (${signerCount}).',
      'Voit seurata sen etenemistä milloin tahansa.',
    ],
    action: { label: 'Näytä pyyntö', linkParam: 'link' },
  },
  'signer-delegated': {
    subject: '”${label}” siirrettiin henkilölle ${delegateName}',
    paragraphs: [
      'Hei ${requesterName},',
      '${signerName} siirsi pyynnön ”${label}” henkilölle ${delegateName} (${delegateEmail}) ${at}.',
      'Syy: ${reason}',
      '${delegateName} kutsuttiin hänen tilalleen, ja hänet tunnistetaan kertakäyttökoodilla kuten kaikki allekirjoittajat.',
    ],
    action: { label: 'Näytä pyyntö', linkParam: 'link' },
  },
};
