/**
 * Where the form kit is imported from (index.ts's loadSignatureFormKit comes here first): the kit's long list of
 * chunks to preload then lives in this small chunk, not in the first load of every route (index.ts is in it).
 */
export const importFormKit = () => import('./formKit.ts');
