// The templates domain's public surface (mail-merge). Other domains use nothing else of the folder.
export { templatesModule } from './module.ts';
export { generateFilledPdfs, defaultStorageKey, type GenerateFilledPdfsOptions, type MergeOutcome, type MergeRow } from './generate.ts';
export { hasProblems, mappingError, noteMissing, resolveMapping, rowValues, type ResolvedSource } from './mapping.ts';
export { getTemplate, previewPdf } from './service.ts';
/** The stamps domain reads its uploads (a PKCS#12, a PDF) the same way: one bounded file part and small text parts. */
export { readOptionalUpload, readUpload, type UploadedFile } from './upload.ts';
