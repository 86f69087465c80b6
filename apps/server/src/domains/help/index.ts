// The help domain's public surface: its module only (nothing else uses it).
export { helpModule } from './module.ts';
