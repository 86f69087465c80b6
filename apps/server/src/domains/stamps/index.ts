// The stamps domain's public surface (the company seal). Other domains use nothing else of the folder.
export { stampsModule } from './module.ts';
/** Signatures: sealing a request's documents before signing (Options.stampBeforeSigning / stampAccount). */
export { requireSealingAccount, sealForRequest, sealingAccountOf, type RequestSeal, type SealingAccount } from './sealing.ts';
/** The public verification page: is this certificate one a tenant imported as a stamp account? */
export { findStampCertificate, type StampCertificateOrigin } from './trust.ts';
