// The stamps domain's public surface (the company seal). Other domains use nothing else of the folder.
export { stampsModule } from './module.ts';
