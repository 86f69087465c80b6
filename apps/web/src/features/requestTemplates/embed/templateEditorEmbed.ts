import { embedTemplateMetaName, embedTemplatePathPrefix } from '@paraphe/contracts';
import { editorFrame, isUuid } from '../../../shared/embed/editorFrame.ts';

/**
 * The embedded template editor (docs/embedding.md): the app opened at `/embed/template/<token>` inside a frame of the
 * tenant's site (shared/embed/editorFrame.ts), on the template the link opens or on a new one (`new`).
 */
export const templateEditorEventTypes = ['loaded', 'saved', 'error', 'resized'] as const;
export type TemplateEditorEventType = (typeof templateEditorEventTypes)[number];

/** The route of the embedded template editor (`/<id>` or `/new`), alone for a link that opens nothing. */
export const embeddedTemplateEditorPath = 'embed/template';

const frame = editorFrame<TemplateEditorEventType>({
  pathPrefix: embedTemplatePathPrefix,
  metaName: embedTemplateMetaName,
  opens: (content) => content === 'new' || isUuid(content),
  route: embeddedTemplateEditorPath,
});

export const postTemplateEditorEvent = frame.post;
/** Whether the app runs as the embedded template editor. */
export const isEmbeddedTemplateEditor = frame.active;
/** Run before the router is created (main.tsx imports it first). */
export const startEmbeddedTemplateEditor = frame.start;
