// The request templates domain's public surface (docs/templates.md): the module, and what the public API (apikeys
// domain) calls for /api/v1/templates.
export { requestTemplatesModule } from './module.ts';
export { getTemplate, listTemplates, templateStateOf } from './service.ts';
export { createRequestFromTemplate, templateForBatch, type TemplateForBatch } from './use.ts';
export { eraseTemplatePrefillsOf, templateRolesOfPerson, type PersonTemplateRoleView } from './gdpr.ts';
