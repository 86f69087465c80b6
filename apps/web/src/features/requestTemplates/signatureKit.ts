import { loadSignatureFormKit, type SignatureFormKit } from '../signatures/index.ts';

let loaded: SignatureFormKit | undefined;

/** Loads the signatures form's pieces (documents, positions, options); the editor's route awaits it with its page. */
export async function loadKit(): Promise<SignatureFormKit> {
  loaded ??= await loadSignatureFormKit();
  return loaded;
}

/** The pieces, once the route loaded them: the editor is only reached through that route. */
export function signatureKit(): SignatureFormKit {
  if (!loaded) throw new Error('The signatures form kit is loaded by the template routes (routes.tsx) before the editor renders.');
  return loaded;
}
