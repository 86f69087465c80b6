import { createContext, useContext } from 'react';

/** `?u=1` turns on a special style for the rest of the browser session (spec §2). */
export const specialStyleStorageKey = 'paraphe.u';
export const specialStyleClass = 'u-special';

export function resolveSpecialStyle(search: string, store: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  if (new URLSearchParams(search).get('u') === '1') store.setItem(specialStyleStorageKey, '1');
  return store.getItem(specialStyleStorageKey) === '1';
}

export const SpecialStyleContext = createContext(false);
export const useSpecialStyle = () => useContext(SpecialStyleContext);
