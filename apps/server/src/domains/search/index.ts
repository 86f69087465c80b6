// The search domain's public surface: its module only.
export { searchModule } from './module.ts';
