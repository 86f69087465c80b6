/** Public surface of the users feature: its routes, and the settings' Hierarchy tab (the settings page shows it, lazily). */
export { usersFeature } from './feature.ts';
export { HierarchySettingsTab } from './components/HierarchySettingsTab.tsx';
/** Possible line managers (GERANT and MANAGER users): the SSO tab's default manager and break-glass director. */
export { useManagers } from './api.ts';
