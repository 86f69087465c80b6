// The templates domain's public surface (mail-merge). Other domains use nothing else of the folder.
export { templatesModule } from './module.ts';
export { generateFilledPdfs, defaultStorageKey, type GenerateFilledPdfsOptions, type MergeOutcome, type MergeRow } from './generate.ts';
export { hasProblems, mappingError, noteMissing, resolveMapping, rowValues, type ResolvedSource } from './mapping.ts';
export { getTemplate, previewPdf } from './service.ts';
