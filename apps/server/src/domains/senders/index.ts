// The senders domain's public surface: its module (tenants' own mail senders, docs/mail-senders.md). Other domains
// need nothing of it: the messaging asks it for each tenant's sender through the resolver it registers.
export { sendersModule } from './module.ts';
