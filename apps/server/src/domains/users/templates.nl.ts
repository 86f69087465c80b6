import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Dutch (nl) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const nl: Partial<Catalogue<TemplateName>> = {
  'confirm-account': {
    subject: 'Bevestig uw account bij ${company}',
    paragraphs: ['Beste ${firstName},', 'Bedankt voor uw registratie. Bevestig uw e-mailadres om uw account te activeren.'],
    action: { label: 'Mijn adres bevestigen', linkParam: 'link' },
  },
  'reset-password': {
    subject: 'Uw wachtwoord opnieuw instellen',
    paragraphs: [
      'Beste ${firstName},',
      'Er is gevraagd het wachtwoord van uw account opnieuw in te stellen. De link is één uur geldig.',
      'Heeft u dit niet aangevraagd? Dan kunt u dit bericht negeren.',
    ],
    action: { label: 'Nieuw wachtwoord kiezen', linkParam: 'link' },
  },
  'set-password': {
    subject: 'Uw toegang tot ${company}',
    paragraphs: ['Beste ${firstName},', '${invitedBy} heeft toegang voor u aangemaakt. Kies uw wachtwoord om in te loggen.'],
    action: { label: 'Mijn wachtwoord kiezen', linkParam: 'link' },
  },
  'confirm-email-change': {
    subject: 'Bevestig uw nieuwe e-mailadres',
    paragraphs: [
      'Beste ${firstName},',
      'Het adres ${newEmail} is opgegeven voor uw account bij ${company}. Bevestig het om het uw inlogadres te maken. De link is ${hours} uur geldig.',
      'Gaat dit bericht niet over u? Dan kunt u het negeren: er verandert niets.',
    ],
    action: { label: 'Dit adres bevestigen', linkParam: 'link' },
  },
  'email-change-notice': {
    subject: 'Wijziging van het e-mailadres van uw account aangevraagd',
    paragraphs: [
      'Beste ${firstName},',
      '${changedBy} heeft gevraagd dat uw account bij ${company} voortaan het adres ${newEmail} gebruikt. De wijziging gaat pas in wanneer die vanaf dat adres is bevestigd; tot die tijd logt u in met uw huidige adres.',
      'Verrast deze wijziging u? Neem dan contact op met uw beheerder.',
    ],
  },
};
