import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Finnish (fi) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const fi: Partial<Catalogue<TemplateName>> = {
  'confirm-account': {
    subject: 'Vahvista tilisi: ${company}',
    paragraphs: ['Hei ${firstName},', 'Kiitos rekisteröitymisestäsi. Vahvista sähköpostiosoitteesi, niin tilisi aktivoituu.'],
    action: { label: 'Vahvista osoitteeni', linkParam: 'link' },
  },
  'reset-password': {
    subject: 'Salasanasi palauttaminen',
    paragraphs: [
      'Hei ${firstName},',
      'Tilisi salasanan palauttamista on pyydetty. Linkki on voimassa tunnin.',
      'Jos et itse pyytänyt tätä, voit jättää viestin huomiotta.',
    ],
    action: { label: 'Valitse uusi salasana', linkParam: 'link' },
  },
  'set-password': {
    subject: 'Käyttöoikeutesi: ${company}',
    paragraphs: ['Hei ${firstName},', '${invitedBy} on luonut sinulle käyttäjätilin. Valitse salasanasi kirjautuaksesi.'],
    action: { label: 'Valitse salasanani', linkParam: 'link' },
  },
  'confirm-email-change': {
    subject: 'Vahvista uusi sähköpostiosoitteesi',
    paragraphs: [
      'Hei ${firstName},',
      'Tilillesi (${company}) on annettu osoite ${newEmail}. Vahvista se, niin siitä tulee kirjautumisosoitteesi. Linkki on voimassa ${hours} tuntia.',
      'Jos viesti ei koske sinua, voit jättää sen huomiotta: mikään ei muutu.',
    ],
    action: { label: 'Vahvista tämä osoite', linkParam: 'link' },
  },
  'email-change-notice': {
    subject: 'Tilisi sähköpostiosoitteen muutosta on pyydetty',
    paragraphs: [
      'Hei ${firstName},',
      '${changedBy} on pyytänyt, että tilisi (${company}) käyttää tästä lähtien osoitetta ${newEmail}. Muutos tulee voimaan vasta, kun se on vahvistettu kyseisestä osoitteesta; siihen asti kirjaudut nykyisellä osoitteellasi.',
      'Jos muutos yllättää sinut, ota yhteyttä ylläpitäjääsi.',
    ],
  },
};
