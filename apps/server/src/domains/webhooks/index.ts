// The webhooks domain's public surface. Other domains do not call it: it listens to their events (docs/webhooks.md).
export { webhooksModule } from './module.ts';
