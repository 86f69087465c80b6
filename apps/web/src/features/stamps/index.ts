// Public surface of the stamps feature (the company seal): the app composes it; no other feature uses it (the signature options read the accounts endpoint themselves, which keeps this feature's api out of the login bundle).
export { stampsFeature } from './feature.ts';
