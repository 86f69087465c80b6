// Public surface of the stamps feature (the company seal): the app composes it; no other feature uses it yet.
export { stampsFeature } from './feature.ts';
