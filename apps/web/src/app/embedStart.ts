import { startEmbeddedTemplateEditor } from '../features/requestTemplates/index.ts';
import { startEmbeddedEditor } from '../features/signatures/index.ts';
import { startEmbeddedSigning } from '../features/signing/index.ts';

/**
 * Imported first by main.tsx, so it runs before the hash router reads the address: the embeddable signing page
 * (`/embed/sign/<token>`) opens on the signing route of its token, the embedded editor (`/embed/edit/<token>`) on its
 * draft, the embedded template editor (`/embed/template/<token>`) on its template (docs/embedding.md).
 */
startEmbeddedSigning(window);
startEmbeddedEditor(window);
startEmbeddedTemplateEditor(window);
