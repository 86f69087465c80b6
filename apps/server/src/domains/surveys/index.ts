// The surveys domain's public surface. Other domains do not call it: it follows the completion event (docs/connectors.md).
export { surveysModule } from './module.ts';
