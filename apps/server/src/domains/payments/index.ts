// The payments domain's public surface. Other domains use nothing else of the folder (they hear its events).
export { paymentsModule } from './module.ts';
