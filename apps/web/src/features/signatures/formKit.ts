/**
 * The request form's pieces other features reuse (campaigns: documents with the position editor, options; operations: options; the
 * position editor alone on a mail-merge preview).
 * Loaded only through index.ts's loadSignatureFormKit, so none of it lands in the first load.
 */
export { DocumentsTab, isAcceptedFile } from './components/new/DocumentsTab.tsx';
export { OptionsTab } from './components/new/OptionsTab.tsx';
export { PositionEditor } from './components/new/PositionEditor.tsx';
export { useFileChecks } from './components/new/useFileChecks.ts';
export { useDraftEditing } from './components/new/useDraftEditing.ts';
export { OptionsSummary } from './components/view/OptionsSummary.tsx';
export { formatSize } from './components/view/DocumentsPanel.tsx';
export { documentInputsOf, draftOptionsOf, initialDraft, newSigner, optionsInputOf } from './draft.ts';
export { fileProblemMessage } from './fileCheck.ts';
