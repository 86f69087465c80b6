/** Public surface of the search feature: the header's search box (its route is composed from feature.ts). */
export { HeaderSearchBox } from './components/HeaderSearchBox.tsx';
export { searchFeature } from './feature.ts';
