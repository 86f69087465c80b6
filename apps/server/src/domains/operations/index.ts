// The operations domain's public surface. Other domains use nothing else of the folder.
export { operationsModule } from './module.ts';
