/**
 * Public surface of the GDPR feature: the settings tab (retention, export and erasure of a person's data, their
 * history). Its texts are the `gdpr` namespace, loaded when the tab first renders (Suspense).
 */
export { GdprSettingsTab } from './GdprSettingsTab.tsx';
