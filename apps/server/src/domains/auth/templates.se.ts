import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Swedish (se) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const se: Partial<Catalogue<TemplateName>> = {
  'second-factor-code': {
    subject: 'Din inloggningskod: ${code}',
    paragraphs: ['Hej ${firstName},', 'Din inloggningskod är ${code}. Den går ut om ${minutes} minuter.'],
    sms: 'Din inloggningskod: ${code} (giltig i ${minutes} min).',
  },
  'login-locked': {
    subject: 'Inloggningsförsök på ditt konto',
    paragraphs: [
      'Hej ${firstName},',
      'Någon har flera gånger försökt logga in på ditt konto med fel lösenord. Av säkerhetsskäl är inloggning med lösenord pausad i ${minutes} minuter.',
      'Om det var du kan du vänta eller välja ett nytt lösenord: då hävs pausen direkt. Annars har ingen kommit över ditt lösenord, och du kan bortse från det här meddelandet.',
    ],
    action: { label: 'Välj ett nytt lösenord', linkParam: 'link' },
  },
  'login-codes-locked': {
    subject: 'Felaktiga inloggningskoder på ditt konto',
    paragraphs: [
      'Hej ${firstName},',
      'Flera felaktiga inloggningskoder har angetts för ditt konto, efter rätt lösenord. Inloggningen är pausad i ${minutes} minuter.',
      'Om det inte var du känner någon till ditt lösenord: byt det nu.',
    ],
    action: { label: 'Byt mitt lösenord', linkParam: 'link' },
  },
};
