import { describe, expect, it } from 'vitest';
import { guessOrderColumn } from './orderColumns.ts';

describe('guessOrderColumn', () => {
  it('reads the template\u2019s names and the words people type, in several languages, accents and case ignored', () => {
    const cases: [string, ReturnType<typeof guessOrderColumn>][] = [
      ['document', { field: 'document', signer: null }],
      ['Fichier', { field: 'document', signer: null }],
      ['Nom du fichier', { field: 'document', signer: null }],
      ['Datei', { field: 'document', signer: null }],
      ['File name', { field: 'document', signer: null }],
      ['signer1_firstname', { field: 'firstname', signer: 0 }],
      ['signer2_email', { field: 'mail', signer: 1 }],
      ['signer10_phone', { field: 'mobile', signer: 9 }],
      ['signer1_language', { field: 'lang', signer: 0 }],
      ['signer2_role', { field: 'role', signer: 1 }],
      ['signer2_step', { field: 'step', signer: 1 }],
      ['signer1_page', { field: 'page', signer: 0 }],
      ['x', { field: 'x', signer: 0 }],
      ['signer3_y', { field: 'y', signer: 2 }],
      ['Prénom 1', { field: 'firstname', signer: 0 }],
      ['NOM SIGNATAIRE 2', { field: 'lastname', signer: 1 }],
      ['Courriel 2', { field: 'mail', signer: 1 }],
      ['E-mail', { field: 'mail', signer: 0 }],
      ['Portable 1', { field: 'mobile', signer: 0 }],
      ['Vorname 1', { field: 'firstname', signer: 0 }],
      ['Nachname 2', { field: 'lastname', signer: 1 }],
      ['Unterzeichner 2 E-Mail', { field: 'mail', signer: 1 }],
      ['Apellido 1', { field: 'lastname', signer: 0 }],
      ['Cognome 2', { field: 'lastname', signer: 1 }],
      ['Étape 2', { field: 'step', signer: 1 }],
      ['Signer 11 email', null],
      ['Notes', null],
      ['', null],
    ];
    for (const [header, expected] of cases) expect(guessOrderColumn(header), header).toEqual(expected);
  });
});
