import { embedDraftMetaName, embedEditPathPrefix } from '@paraphe/contracts';
import { editorFrame, isUuid } from '../../../shared/embed/editorFrame.ts';

/**
 * The embedded draft editor (docs/embedding.md, embedded sending): the app opened at `/embed/edit/<token>` inside a
 * frame of the tenant's site (shared/embed/editorFrame.ts).
 */
export const editorEventTypes = ['loaded', 'saved', 'sent', 'error', 'resized'] as const;
export type EditorEventType = (typeof editorEventTypes)[number];

/** The editor route of a draft, and the one of a link that no longer opens anything. */
export const embeddedEditorPath = 'embed/edit';

const frame = editorFrame<EditorEventType>({ pathPrefix: embedEditPathPrefix, metaName: embedDraftMetaName, opens: isUuid, route: embeddedEditorPath });

/** Posts an event to the embedding page; nothing outside the embedded editor. */
export const postEditorEvent = frame.post;
/** Whether the app runs as the embedded editor (the screens drop what needs a session: address book, CRM…). */
export const isEmbeddedEditor = frame.active;
/** The token of `/embed/edit/<token>`, or null for any other path. */
export const editorTokenOf = frame.tokenOf;
/** Run before the router is created (main.tsx imports it first). */
export const startEmbeddedEditor = frame.start;
