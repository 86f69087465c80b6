import { idempotencyModule } from './platform/idempotency.ts';
import { maintenanceModule } from './platform/jobs/maintenance.ts';
import { maintenanceModeModule } from './platform/http/maintenance-routes.ts';
import { messagingModule } from './platform/messaging/module.ts';
import type { Module } from './platform/modules.ts';
import { applicationsModule } from './domains/applications/index.ts';
import { authModule } from './domains/auth/index.ts';
import { ssoModule } from './domains/sso/index.ts';
import { billingModule } from './domains/billing/index.ts';
import { bulkModule } from './domains/bulk/index.ts';
import { campaignsModule } from './domains/campaigns/index.ts';
import { certificatesModule } from './domains/certificates/index.ts';
import { customDomainsModule } from './domains/custom-domains/index.ts';
import { consentsModule } from './domains/consents/index.ts';
import { crmModule } from './domains/crm/index.ts';
import { contactsModule } from './domains/contacts/index.ts';
import { dashboardsModule } from './domains/dashboards/index.ts';
import { helpModule } from './domains/help/index.ts';
import { gdprModule } from './domains/gdpr/index.ts';
import { notificationsModule } from './domains/notifications/index.ts';
import { operationsModule } from './domains/operations/index.ts';
import { outboxModule } from './domains/outbox/index.ts';
import { passkeysModule } from './domains/passkeys/index.ts';
import { paymentsModule } from './domains/payments/index.ts';
import { pkiModule } from './domains/pki/index.ts';
import { searchModule } from './domains/search/index.ts';
import { sendersModule } from './domains/senders/index.ts';
import { signaturesModule } from './domains/signatures/index.ts';
import { requestTemplatesModule } from './domains/request-templates/index.ts';
import { signingModule } from './domains/signing/index.ts';
import { stampsModule } from './domains/stamps/index.ts';
import { surveysModule } from './domains/surveys/index.ts';
import { templatesModule } from './domains/templates/index.ts';
import { settingsModule } from './domains/settings/index.ts';
import { timestampsModule } from './domains/timestamps/index.ts';
import { tenantsModule } from './domains/tenants/index.ts';
import { usersModule } from './domains/users/index.ts';
import { webhooksModule } from './domains/webhooks/index.ts';
import { apikeysModule } from './domains/apikeys/index.ts';

/**
 * The module registry: every module the server runs, in dependency order (a domain only uses those above it).
 * Adding a domain = its folder (domains/<name>/ with an index.ts exporting its module) + one line here.
 */
export const modules: readonly Module[] = [
  messagingModule,
  maintenanceModule,
  maintenanceModeModule,
  idempotencyModule,
  tenantsModule,
  // Tenants' own domains: where every other domain's links point (their index's publicBaseUrl).
  customDomainsModule,
  usersModule,
  notificationsModule,
  consentsModule,
  authModule,
  ssoModule,
  // Passkeys: another way through the auth domain's login and second factor.
  passkeysModule,
  applicationsModule,
  outboxModule,
  contactsModule,
  templatesModule,
  // settings after templates: the logo upload reads its multipart form with the templates' reader.
  settingsModule,
  // Tenants' own mail senders: the messaging asks it whose address each tenant's mail comes from.
  sendersModule,
  helpModule,
  pkiModule,
  billingModule,
  // stamps before timestamps: the public verification page recognises the certificates tenants imported as stamps.
  stampsModule,
  timestampsModule,
  paymentsModule,
  certificatesModule,
  signaturesModule,
  // Reusable request templates: they make requests through the signatures domain.
  requestTemplatesModule,
  signingModule,
  // surveys after signing: it follows completion (signature.completed) and reads the request's signers.
  surveysModule,
  // After signatures and signing: it follows the requests' end (completion) and reads their signers and signed files.
  crmModule,
  // The engine campaigns and operations share (claiming chunks, requests per row, fan-out, archive, retention).
  bulkModule,
  campaignsModule,
  operationsModule,
  dashboardsModule,
  searchModule,
  gdprModule,
  apikeysModule,
  // Last: it listens to every domain's events and calls only tenants.
  webhooksModule,
];
