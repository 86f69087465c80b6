// The apikeys domain's public surface: the module and the guard's API-key resolver (server.ts wires it).
export { apikeysModule } from './module.ts';
export { apiKeyResolver } from './service.ts';
export { editorLinkResolver } from './editor-links.ts';
