// The notifications domain's public surface. Other domains do not call it: it listens to their events.
export { notificationsModule } from './module.ts';
