// The CRM connector's public surface. Other domains do not call it: it listens to the requests' end events
// (docs/connectors.md "HubSpot").
export { crmModule } from './module.ts';
