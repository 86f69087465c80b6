import { createContext, useContext } from 'react';
import type { FeatureFlags, Locale, SignatureSendData } from '@paraphe/contracts';
import { MeContext } from '../auth/index.ts';

/**
 * Who the request form works for: the signed-in user (from /me), or, in the embedded editor (docs/embedding.md), the
 * tenant as its editor link describes it — no session there, so no address book, CRM, stamp accounts or billing.
 */
export type EditorAccount = {
  /** The language of new signers. */
  language: Locale;
  application: { testMode: boolean; features: FeatureFlags };
  permissions: readonly string[];
  /** The embedded editor's ending of a save or a send (instead of going to the request's view); null in the back office. */
  embedded: { onDone(request: SignatureSendData, sent: boolean): void } | null;
};

export const EmbeddedAccountContext = createContext<EditorAccount | null>(null);

export function useEditorAccount(): EditorAccount {
  const embedded = useContext(EmbeddedAccountContext);
  const me = useContext(MeContext);
  if (embedded) return embedded;
  if (!me) throw new Error('The request form needs the authenticated layout or the embedded editor');
  return { language: me.user.language, application: me.application, permissions: me.permissions, embedded: null };
}
