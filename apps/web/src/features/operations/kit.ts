import type { SignatureFormKit } from '../signatures/index.ts';

let loaded: SignatureFormKit | undefined;

/** The signatures form's pieces, handed over by the route that loads them with its page (routes.tsx). */
export const provideKit = (kit: SignatureFormKit) => void (loaded = kit);

export function signatureKit(): SignatureFormKit {
  if (!loaded) throw new Error('The signatures form kit is loaded by the operation route (routes.tsx) before its page renders.');
  return loaded;
}
