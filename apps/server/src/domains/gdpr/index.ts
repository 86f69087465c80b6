// The GDPR domain's public surface: its module (retention purge, exports, erasures; docs/gdpr.md).
export { gdprModule } from './module.ts';
export { runPurge, type PurgeReport } from './purge.ts';
