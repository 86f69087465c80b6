import { startEmbeddedSigning } from '../features/signing/index.ts';

/**
 * Imported first by main.tsx, so it runs before the hash router reads the address: the embeddable signing page
 * (`/embed/sign/<token>`, docs/embedding.md) opens on the signing route of its token.
 */
startEmbeddedSigning(window);
