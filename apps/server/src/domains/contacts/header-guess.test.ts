import { describe, expect, it } from 'vitest';
import { guessColumns, guessField } from './header-guess.ts';

describe('header guess', () => {
  it('reads French and English headers, accents and case ignored', () => {
    const cases: [string, string | null][] = [
      ['E-mail', 'mail'],
      ['Adresse e-mail', 'mail'],
      ['COURRIEL', 'mail'],
      ['Mail', 'mail'],
      ['Email address', 'mail'],
      ['Prénom', 'firstname'],
      ['PRENOM', 'firstname'],
      ['First name', 'firstname'],
      ['firstname', 'firstname'],
      ['Nom', 'lastname'],
      ['Nom de famille', 'lastname'],
      ['Last name', 'lastname'],
      ['Surname', 'lastname'],
      ['Société', 'company'],
      ['Company', 'company'],
      ['Nom de la société', 'company'],
      ['Entreprise', 'company'],
      ['Mobile', 'mobile'],
      ['Téléphone portable', 'mobile'],
      ['Portable', 'mobile'],
      ['Téléphone', 'phoneNumber'],
      ['Phone', 'phoneNumber'],
      ['Tél.', 'phoneNumber'],
      ['Langue', 'lang'],
      ['Language', 'lang'],
      ['Civilité', 'civility'],
      ['Civility', 'civility'],
      ['Fonction', 'title'],
      ['Title', 'title'],
      ['Job title', 'title'],
      ['Adresse', 'address'],
      ['Address', 'address'],
      ["Complément d'adresse", 'additionalAddress'],
      ['Additional address', 'additionalAddress'],
      ['Complément', 'additionalAddress'],
      ['Reason', null],
      ['', null],
      ['Birthday', null],
    ];
    for (const [header, field] of cases) expect(guessField(header), header).toBe(field);
  });

  it('takes the first line as a header when at least two cells name a field, each field once', () => {
    const guess = guessColumns([
      ['Email', 'Prénom', 'Nom', 'Mail 2'],
      ['a@example.com', 'A', 'B', 'c@example.com'],
    ]);
    expect(guess).toEqual({ firstLineIsHeader: true, guesses: ['mail', 'firstname', 'lastname', null] });
  });

  it('without a header, guesses only the e-mail column from its cells', () => {
    const guess = guessColumns([
      ['Ann', 'ann@example.com', 'Lee'],
      ['Bob', 'bob@example.com', 'Ray'],
    ]);
    expect(guess).toEqual({ firstLineIsHeader: false, guesses: [null, 'mail', null] });
    expect(guessColumns([['Email', 'x']]).firstLineIsHeader).toBe(false);
  });
});
