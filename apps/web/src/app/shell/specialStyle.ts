import { createContext, useContext } from 'react';

/** `?u=1` turns on a special style for the rest of the browser session (spec §2). */
export const specialStyleStorageKey = 'paraphe.u';
export const specialStyleClass = 'u-special';

export function resolveSpecialStyle(search: string, store: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  if (new URLSearchParams(search).get('u') === '1') store.setItem(specialStyleStorageKey, '1');
  return store.getItem(specialStyleStorageKey) === '1';
}

/**
 * The session storage, or a memory of this page when the browser refuses it (a third-party frame with the
 * third-party cookies blocked throws on access: the embedded signing page must still start, docs/embedding.md).
 */
export function sessionStore(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    return window.sessionStorage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) };
  }
}

export const SpecialStyleContext = createContext(false);
export const useSpecialStyle = () => useContext(SpecialStyleContext);
