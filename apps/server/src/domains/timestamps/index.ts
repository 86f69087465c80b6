// The timestamps domain's public surface. Other domains use nothing else of the folder.
export { timestampsModule } from './module.ts';
