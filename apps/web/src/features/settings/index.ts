/**
 * Public surface of the settings feature (settings/configuration). The app takes the feature module from feature.ts;
 * other features' screens use the defaults of a new request (theirs, the tenant's, the product's).
 */
export { settingsFeature } from './feature.ts';
export { useMySignatureDefaults, useNewRequestDefaults } from './api.ts';
