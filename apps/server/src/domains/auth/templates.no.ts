import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Norwegian (Bokmål) (no) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const no: Partial<Catalogue<TemplateName>> = {
  'second-factor-code': {
    subject: 'Innloggingskoden din: ${code}',
    paragraphs: ['Hei ${firstName},', 'Innloggingskoden din er ${code}. Den utløper om ${minutes} minutter.'],
    sms: 'Innloggingskoden din: ${code} (gyldig i ${minutes} min).',
  },
  'login-locked': {
    subject: 'Innloggingsforsøk på kontoen din',
    paragraphs: [
      'Hei ${firstName},',
      'Noen har flere ganger prøvd å logge inn på kontoen din med feil passord. Av sikkerhetshensyn er innlogging med passord satt på pause i ${minutes} minutter.',
      'Hvis det var deg, kan du vente eller velge et nytt passord: Da oppheves pausen med en gang. Hvis ikke, har ingen funnet ut passordet ditt, og du kan se bort fra denne meldingen.',
    ],
    action: { label: 'Velg et nytt passord', linkParam: 'link' },
  },
  'login-codes-locked': {
    subject: 'Feil innloggingskoder på kontoen din',
    paragraphs: [
      'Hei ${firstName},',
      'Det er tastet inn flere feil innloggingskoder for kontoen din etter riktig passord. Innlogging er satt på pause i ${minutes} minutter.',
      'Hvis det ikke var deg, kjenner noen passordet ditt: Endre det med en gang.',
    ],
    action: { label: 'Endre passordet mitt', linkParam: 'link' },
  },
};
