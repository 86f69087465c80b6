/** Where the user goes after login: the hash path they asked for, else the dashboard (spec §2). */
export const homePath = '/home';
export const returnPathStorageKey = 'paraphe.returnTo';

/** Query parameters of the authentication exchange itself, never carried to the screen. */
const authParams = ['state', 'code'];

/** The path to come back to, or null when the asked path needs no return (public screens). */
export function buildReturnPath(pathname: string, search: string): string | null {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  if (path === '/' || path === '/logout') return null;
  const params = new URLSearchParams(search);
  for (const name of authParams) params.delete(name);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function rememberReturnPath(store: KeyValueStore, pathname: string, search: string): void {
  const path = buildReturnPath(pathname, search);
  if (path) store.setItem(returnPathStorageKey, path);
}

/** Reads and forgets the remembered path; only in-app paths are accepted (no open redirect). */
export function takeReturnPath(store: KeyValueStore): string {
  const stored = store.getItem(returnPathStorageKey);
  store.removeItem(returnPathStorageKey);
  return stored && stored.startsWith('/') && !stored.startsWith('//') ? stored : homePath;
}
