// Public surface of the stamps feature (the company seal): the app composes it; the signature options list its accounts.
export { stampsFeature } from './feature.ts';
export { useStampAccounts } from './api.ts';
