// The consents domain's public surface: the terms of service and sign-up consents, versioned (docs/gdpr.md).
export { consentsModule } from './module.ts';
export { recordSignUpConsents } from './service.ts';
