export { signingModule } from './module.ts';
