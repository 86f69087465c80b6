import { useSyncExternalStore } from 'react';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { reportHeight } from '../../../shared/embed/bridge.ts';
import { createEmbedBridge, embedOriginsOf, embedTokenOf, type EmbedBridge, type EmbedCommand, type EmbedEventType } from './bridge.ts';

/**
 * Embed mode (docs/embedding.md): the app was opened at `/embed/sign/<token>` inside a frame. The signing page
 * then posts its events to the parent and follows its commands; `hideChrome` drops the page's header.
 */
type EmbedState = { active: boolean; hideChrome: boolean };

let state: EmbedState = { active: false, hideChrome: false };
let bridge: EmbedBridge | null = null;
const listeners = new Set<() => void>();

function update(next: Partial<EmbedState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function obey(command: EmbedCommand) {
  switch (command.command) {
    case 'language':
      // For this visit only: the embedding page chooses, nothing is remembered for the signer's next visit.
      void i18n.changeLanguage(command.language);
      return;
    case 'hideChrome':
      update({ hideChrome: command.hide });
      return;
  }
}

/** Posts an event to the embedding page; nothing outside embed mode. */
export function postEmbedEvent(type: EmbedEventType, data?: Record<string, unknown>) {
  bridge?.post(type, data);
}

/** The signing page's view of embed mode (re-rendered when a command changes it). */
export function useEmbedMode(): EmbedState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/**
 * Run before the router is created (main.tsx imports it first): at `/embed/sign/<token>`, the hash route becomes
 * the signing page of that token and the bridge starts (when the page is framed). Any other path: nothing.
 */
export function startEmbeddedSigning(win: Window) {
  const token = embedTokenOf(win.location.pathname);
  if (!token) return;
  if (!win.location.hash.startsWith('#/sign/')) win.history.replaceState(null, '', `${win.location.pathname}#/sign/${token}`);
  update({ active: true });
  if (win.parent === win) return;
  bridge = createEmbedBridge(win, embedOriginsOf(win.document), obey);
  reportHeight(win, (height) => postEmbedEvent('resized', { height }));
}
