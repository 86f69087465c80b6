// The contacts domain's public surface (the address book). Other domains use nothing else of the folder.
export { contactsModule } from './module.ts';
/** The spreadsheet import's pieces, for other imports of people (campaign signatories): same file checks, same row rules. */
export { analyse as analyseSpreadsheet } from './import-service.ts';
/** The address book's words for a person's fields in a header (operation orders read theirs with them). */
export { guessField } from './header-guess.ts';
export { readImportFile, type UploadedFile } from './upload.ts';
export { importReadLimits, spreadsheetProblem, columnLetters, sheetOf } from './import-file.ts';
export { domainCheckerFor, type DomainChecker } from './domain-check.ts';
export { domainOf, judgeRow, missingName, normaliseEmail, type ImportMapping, type ImportedContact } from './importRules.ts';
/** The one-box search (search domain): the tenant's contacts, by names, e-mail and company. */
export { searchContacts } from './service.ts';
/** The GDPR domain: a person's contact rows, their erasure, the retention purge of unused contacts. */
export { contactsOfEmail, contactsUnchangedSince, deleteContactsById, eraseContactsOfEmail, type PersonContactView } from './gdpr.ts';
