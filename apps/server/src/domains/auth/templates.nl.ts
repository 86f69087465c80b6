import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Dutch (nl) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const nl: Partial<Catalogue<TemplateName>> = {
  'second-factor-code': {
    subject: 'Uw inlogcode: ${code}',
    paragraphs: ['Beste ${firstName},', 'Uw inlogcode is ${code}. Deze code verloopt over ${minutes} minuten.'],
    sms: 'Uw inlogcode: ${code} (${minutes} min. geldig).',
  },
  'login-locked': {
    subject: 'Inlogpogingen op uw account',
    paragraphs: [
      'Beste ${firstName},',
      'Iemand heeft meerdere keren geprobeerd met een onjuist wachtwoord in te loggen op uw account. Uit voorzorg is inloggen met een wachtwoord ${minutes} minuten geblokkeerd.',
      'Was u dit zelf? Wacht dan even of kies een nieuw wachtwoord: daarmee wordt de blokkering direct opgeheven. Zo niet, dan is uw wachtwoord niet achterhaald en kunt u dit bericht negeren.',
    ],
    action: { label: 'Nieuw wachtwoord kiezen', linkParam: 'link' },
  },
  'login-codes-locked': {
    subject: 'Onjuiste inlogcodes op uw account',
    paragraphs: [
      'Beste ${firstName},',
      'Er zijn voor uw account meerdere onjuiste inlogcodes ingevoerd, na het juiste wachtwoord. Inloggen is ${minutes} minuten geblokkeerd.',
      'Was u dit niet? Dan kent iemand uw wachtwoord: wijzig het meteen.',
    ],
    action: { label: 'Mijn wachtwoord wijzigen', linkParam: 'link' },
  },
};
