/**
 * The office engine: LibreOffice headless converting .docx / .odt to PDF (or .odt to .docx) through a bounded pool
 * of converters, each with its own profile, killed and restarted when a call hangs or dies. docs/mail-merge.md.
 */
export { conversionUnavailable, createOfficeEngine, officeEngineFor, type ConvertOptions, type OfficeEngine, type OfficeEngineOptions } from './engine.ts';
export { type OfficeInput, type OfficeResult, type OfficeTarget } from './converter.ts';
export { detectOffice, howToEnable, type OfficeStatus } from './detect.ts';
export { cleanOfficeLeftovers, type OfficeLeftovers } from './leftovers.ts';
export { type NetworkIsolation } from './isolation.ts';
