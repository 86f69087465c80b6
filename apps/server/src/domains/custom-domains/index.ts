// The custom-domains domain's public surface (docs/white-label.md): its module and THE answer to "where do tenant X's
// links point" (`publicBaseUrl`: its verified domain for the purpose, else PUBLIC_URL). Nothing else of the folder.
export { customDomainsModule } from './module.ts';
export { publicBaseUrl } from './registry.ts';
