export { outboxModule } from './module.ts';
