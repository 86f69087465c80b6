import { describe, expect, it } from 'vitest';
import type { SigningActionResult, SigningPage } from '@paraphe/contracts';
import { commandOf, createEmbedBridge, embedOriginsOf, embedTokenOf, targetOriginsFor, type BridgeWindow, type EmbedCommand } from './bridge.ts';
import { pageEventsOf } from './pageEvents.ts';

const allowed = ['https://shop.example.com', 'http://localhost:5173'];

/** A window whose parent records what it is sent, and whose message listener the test calls. */
function fakeWindow(ancestor?: string) {
  const sent: { message: unknown; targetOrigin: string }[] = [];
  const parent = { postMessage: (message: unknown, targetOrigin: string) => void sent.push({ message, targetOrigin }) };
  let listener: (event: MessageEvent) => void = () => undefined;
  const win: BridgeWindow = {
    parent,
    location: ancestor === undefined ? {} : { ancestorOrigins: { length: 1, item: () => ancestor } },
    addEventListener: (_type, fn) => void (listener = fn),
  };
  const receive = (data: unknown, origin: string, source: unknown = parent) => listener({ data, origin, source } as MessageEvent);
  return { win, sent, receive };
}

describe('embed bridge', () => {
  it('reads the token of /embed/sign/<token> and the origins of the meta element', () => {
    expect(embedTokenOf('/embed/sign/eyJy.abc-_')).toBe('eyJy.abc-_');
    expect(embedTokenOf('/embed/sign/')).toBeNull();
    expect(embedTokenOf('/embed/sign/a/b')).toBeNull();
    expect(embedTokenOf('/')).toBeNull();
    const doc = (content: string | null) => ({ querySelector: () => (content === null ? null : ({ getAttribute: () => content } as unknown as Element)) });
    expect(embedOriginsOf(doc('https://shop.example.com  http://localhost:5173'))).toEqual(allowed);
    expect(embedOriginsOf(doc(''))).toEqual([]);
    expect(embedOriginsOf(doc(null))).toEqual([]);
    expect(embedOriginsOf(doc('* https://a.example.com/path'))).toEqual([]);
  });

  it('posts only to allowed origins, never "*": the parent’s when the browser names it', () => {
    expect(targetOriginsFor(allowed, undefined)).toEqual(allowed);
    expect(targetOriginsFor(allowed, 'http://localhost:5173')).toEqual(['http://localhost:5173']);
    expect(targetOriginsFor(allowed, 'https://evil.example.com')).toEqual([]);
    expect(targetOriginsFor([], undefined)).toEqual([]);

    const named = fakeWindow('https://shop.example.com');
    createEmbedBridge(named.win, allowed, () => undefined).post('signed', { outcome: 'signed' });
    expect(named.sent).toEqual([{ message: { source: 'paraphe', type: 'signed', outcome: 'signed' }, targetOrigin: 'https://shop.example.com' }]);

    const unlisted = fakeWindow('https://evil.example.com');
    createEmbedBridge(unlisted.win, allowed, () => undefined).post('loaded');
    expect(unlisted.sent).toEqual([]);

    const unnamed = fakeWindow();
    createEmbedBridge(unnamed.win, allowed, () => undefined).post('resized', { height: 640 });
    expect(unnamed.sent.map((s) => s.targetOrigin)).toEqual(allowed);
    expect(unnamed.sent.every((s) => s.targetOrigin !== '*')).toBe(true);
  });

  it('obeys commands from the parent of an allowed origin only', () => {
    expect(commandOf({ source: 'paraphe', command: 'language', language: 'en' }, 'https://shop.example.com', allowed)).toEqual({
      command: 'language',
      language: 'en',
    });
    expect(commandOf({ source: 'paraphe', command: 'language', language: 'xx' }, 'https://shop.example.com', allowed)).toBeNull();
    expect(commandOf({ source: 'paraphe', command: 'hideChrome' }, 'https://shop.example.com', allowed)).toEqual({ command: 'hideChrome', hide: true });
    expect(commandOf({ source: 'paraphe', command: 'hideChrome', hide: false }, 'https://shop.example.com', allowed)).toEqual({
      command: 'hideChrome',
      hide: false,
    });
    expect(commandOf({ source: 'paraphe', command: 'hideChrome' }, 'https://evil.example.com', allowed)).toBeNull();
    expect(commandOf({ command: 'hideChrome' }, 'https://shop.example.com', allowed)).toBeNull();
    expect(commandOf('hideChrome', 'https://shop.example.com', allowed)).toBeNull();

    const { win, receive } = fakeWindow();
    const obeyed: EmbedCommand[] = [];
    createEmbedBridge(win, allowed, (command) => void obeyed.push(command));
    receive({ source: 'paraphe', command: 'hideChrome' }, 'https://shop.example.com');
    receive({ source: 'paraphe', command: 'hideChrome' }, 'https://evil.example.com');
    // The right origin, but another window (a popup, a sibling frame): ignored.
    receive({ source: 'paraphe', command: 'language', language: 'de' }, 'https://shop.example.com', {});
    expect(obeyed).toEqual([{ command: 'hideChrome', hide: true }]);
  });

  it('derives the page’s events from its screen and the action’s result', () => {
    const view = { request: { status: 'ready' }, documents: [{}, {}] } as unknown as SigningPage;
    const types = (...args: Parameters<typeof pageEventsOf>) => pageEventsOf(...args).map((e) => e.type);
    expect(types({ kind: 'loading' }, null)).toEqual([]);
    expect(pageEventsOf({ kind: 'sign', view }, null)).toEqual([
      { type: 'loaded', data: { screen: 'sign' } },
      { type: 'viewed', data: { documents: 2 } },
    ]);
    expect(pageEventsOf({ kind: 'unavailable', reason: 'expired' }, null)).toContainEqual({ type: 'error', data: { reason: 'expired' } });
    expect(types({ kind: 'invalid' }, null)).toEqual(['loaded', 'error']);
    const result = (outcome: SigningActionResult['outcome'], requestStatus: SigningActionResult['requestStatus']) =>
      ({ outcome, requestStatus, redirectUrl: null }) as SigningActionResult;
    expect(types({ kind: 'sign', view }, result('signed', 'wait_cosigner'))).toEqual(['loaded', 'viewed', 'signed']);
    expect(types({ kind: 'sign', view }, result('signed', 'signed'))).toEqual(['loaded', 'viewed', 'signed', 'completed']);
    expect(types({ kind: 'validate', view }, result('rejected', 'refused'))).toEqual(['loaded', 'viewed', 'refused']);
    const completed = { ...view, request: { status: 'completed' } } as unknown as SigningPage;
    expect(types({ kind: 'read', view: completed }, null)).toEqual(['loaded', 'viewed', 'completed']);
  });
});
