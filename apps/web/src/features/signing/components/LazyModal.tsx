import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { Modal } from '@mantine/core';

const SigningModal = lazy(() => import('./SigningModal.tsx'));

/**
 * Mantine's Modal, loaded when it first opens: the dialogs of the signing page (code, refusal, hand-over) and their
 * focus trap, portal and scroll area (≈ 17 kB gzipped) stay out of what a signer downloads before seeing the
 * document (docs/signing-page.md, "What the signer downloads"). Once loaded it stays mounted, so it closes with its
 * transition.
 */
export function LazyModal(props: ComponentProps<typeof Modal>) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SigningModal {...props} />
    </Suspense>
  );
}
