/**
 * A header cell as the imports compare it (contacts, campaign signatories, operation orders): lower-case, no
 * accents, words separated by one space ("Prénom  signataire_2" → "prenom signataire 2").
 */
export const foldHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
