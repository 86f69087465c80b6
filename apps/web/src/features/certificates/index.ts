// Public surface of the certificates feature (qualified certificates): the app composes it; no other feature uses it.
export { certificatesFeature } from './feature.ts';
