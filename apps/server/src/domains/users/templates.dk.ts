import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Danish (dk) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const dk: Partial<Catalogue<TemplateName>> = {
  'confirm-account': {
    subject: 'Bekræft din konto hos ${company}',
    paragraphs: ['Hej ${firstName},', 'Tak for din tilmelding. Bekræft din e-mailadresse for at aktivere din konto.'],
    action: { label: 'Bekræft min adresse', linkParam: 'link' },
  },
  'reset-password': {
    subject: 'Nulstilling af din adgangskode',
    paragraphs: [
      'Hej ${firstName},',
      'Der er anmodet om nulstilling af adgangskoden til din konto. Linket er gyldigt i én time.',
      'Hvis du ikke selv har bedt om det, kan du se bort fra denne besked.',
    ],
    action: { label: 'Vælg en ny adgangskode', linkParam: 'link' },
  },
  'set-password': {
    subject: 'Din adgang til ${company}',
    paragraphs: ['Hej ${firstName},', '${invitedBy} har oprettet en adgang til dig. Vælg din adgangskode for at logge ind.'],
    action: { label: 'Vælg min adgangskode', linkParam: 'link' },
  },
  'confirm-email-change': {
    subject: 'Bekræft din nye e-mailadresse',
    paragraphs: [
      'Hej ${firstName},',
      'Adressen ${newEmail} er angivet for din konto hos ${company}. Bekræft den, så den bliver din login-adresse. Linket er gyldigt i ${hours} timer.',
      'Hvis denne besked ikke vedrører dig, kan du se bort fra den: intet ændres.',
    ],
    action: { label: 'Bekræft denne adresse', linkParam: 'link' },
  },
  'email-change-notice': {
    subject: 'Ændring af e-mailadressen på din konto er anmodet',
    paragraphs: [
      'Hej ${firstName},',
      '${changedBy} har anmodet om, at din konto hos ${company} fremover bruger adressen ${newEmail}. Ændringen træder først i kraft, når den er bekræftet fra den adresse; indtil da logger du ind med din nuværende adresse.',
      'Hvis denne ændring overrasker dig, så kontakt din administrator.',
    ],
  },
};
