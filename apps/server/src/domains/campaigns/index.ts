// The campaigns domain's public surface. Other domains use nothing else of the folder (none does today).
export { campaignsModule } from './module.ts';
