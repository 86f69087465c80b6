import { createContext, useContext } from 'react';
import type { Me } from '@paraphe/contracts';

/** The identity of the authenticated layout; screens below it read it with `useMe`. */
export const MeContext = createContext<Me | null>(null);

export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe() is only available inside the authenticated layout');
  return me;
}
