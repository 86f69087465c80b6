/** Handwritten-signature modes of the request (spec §3 Signature settings, §9). */
export type HandwrittenMode = 'disabled' | 'enabled' | 'touchOnly';

export type InputKind = 'mouse' | 'touch' | 'pen';

/** What kind of device drew a stroke: pointer events tell it, older touch events are touch. */
export function inputKindOf(event: Event): InputKind {
  if (typeof PointerEvent !== 'undefined' && event instanceof PointerEvent) {
    return event.pointerType === 'touch' || event.pointerType === 'pen' ? event.pointerType : 'mouse';
  }
  if (typeof TouchEvent !== 'undefined' && event instanceof TouchEvent) return 'touch';
  return 'mouse';
}

/** "Touch only" refuses the mouse: the signer must draw with a finger or a pen. */
export function acceptsStroke(mode: HandwrittenMode, kind: InputKind): boolean {
  if (mode === 'disabled') return false;
  return mode === 'enabled' || kind !== 'mouse';
}

/** The base64 payload of a `data:image/png;base64,…` URL, which is what the sign call carries. */
export function pngBase64(dataUrl: string): string {
  const marker = ';base64,';
  const at = dataUrl.indexOf(marker);
  if (!dataUrl.startsWith('data:image/png') || at < 0) throw new Error('not a PNG data URL');
  return dataUrl.slice(at + marker.length);
}
