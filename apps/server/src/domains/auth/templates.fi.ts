import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Finnish (fi) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const fi: Partial<Catalogue<TemplateName>> = {
  'second-factor-code': {
    subject: 'Kirjautumiskoodisi: ${code}',
    paragraphs: ['Hei ${firstName},', 'Kirjautumiskoodisi on ${code}. Se vanhenee ${minutes} minuutin kuluttua.'],
    sms: 'Kirjautumiskoodisi: ${code} (voimassa ${minutes} min).',
  },
  'login-locked': {
    subject: 'Kirjautumisyrityksiä tilillesi',
    paragraphs: [
      'Hei ${firstName},',
      'Joku on yrittänyt useita kertoja kirjautua tilillesi väärällä salasanalla. Varotoimena salasanalla kirjautuminen on keskeytetty ${minutes} minuutiksi.',
      'Jos se olit sinä, odota tai valitse uusi salasana: keskeytys päättyy silloin heti. Muussa tapauksessa salasanaasi ei ole saatu selville, ja voit jättää tämän viestin huomiotta.',
    ],
    action: { label: 'Valitse uusi salasana', linkParam: 'link' },
  },
  'login-codes-locked': {
    subject: 'Vääriä kirjautumiskoodeja tililläsi',
    paragraphs: [
      'Hei ${firstName},',
      'Tilillesi on syötetty useita vääriä kirjautumiskoodeja oikean salasanan jälkeen. Kirjautuminen on keskeytetty ${minutes} minuutiksi.',
      'Jos se et ollut sinä, joku tietää salasanasi: vaihda se heti.',
    ],
    action: { label: 'Vaihda salasanani', linkParam: 'link' },
  },
};
