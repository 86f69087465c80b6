import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Norwegian (Bokmål) (no) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const no: Partial<Catalogue<TemplateName>> = {
  'confirm-account': {
    subject: 'Bekreft kontoen din hos ${company}',
    paragraphs: ['Hei ${firstName},', 'Takk for at du registrerte deg. Bekreft e-postadressen din for å aktivere kontoen.'],
    action: { label: 'Bekreft adressen min', linkParam: 'link' },
  },
  'reset-password': {
    subject: 'Tilbakestilling av passordet ditt',
    paragraphs: [
      'Hei ${firstName},',
      'Det er bedt om å tilbakestille passordet til kontoen din. Lenken er gyldig i én time.',
      'Hvis du ikke har bedt om dette, kan du se bort fra denne meldingen.',
    ],
    action: { label: 'Velg et nytt passord', linkParam: 'link' },
  },
  'set-password': {
    subject: 'Din tilgang til ${company}',
    paragraphs: ['Hei ${firstName},', '${invitedBy} har opprettet en tilgang for deg. Velg passordet ditt for å logge inn.'],
    action: { label: 'Velg passordet mitt', linkParam: 'link' },
  },
  'confirm-email-change': {
    subject: 'Bekreft den nye e-postadressen din',
    paragraphs: [
      'Hei ${firstName},',
      'Adressen ${newEmail} er oppgitt for kontoen din hos ${company}. Bekreft den for at den skal bli innloggingsadressen din. Lenken er gyldig i ${hours} timer.',
      'Hvis dette ikke gjelder deg, kan du se bort fra meldingen: Ingenting endres.',
    ],
    action: { label: 'Bekreft denne adressen', linkParam: 'link' },
  },
  'email-change-notice': {
    subject: 'Det er bedt om endring av e-postadressen for kontoen din',
    paragraphs: [
      'Hei ${firstName},',
      '${changedBy} har bedt om at kontoen din hos ${company} heretter skal bruke adressen ${newEmail}. Endringen trer først i kraft når den er bekreftet fra den adressen; inntil da logger du inn med den nåværende adressen din.',
      'Hvis denne endringen overrasker deg, ta kontakt med administratoren din.',
    ],
  },
};
