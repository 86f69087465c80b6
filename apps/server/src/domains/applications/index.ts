// The applications domain's public surface: its module, and the first-start bootstrap main.ts runs.
export { applicationsModule } from './module.ts';
export { ensurePlatform, resetAdminPassword, type BootstrapResult } from './bootstrap.ts';
