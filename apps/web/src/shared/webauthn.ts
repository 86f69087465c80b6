/**
 * The browser's side of passkeys (docs/passkeys.md): the options the server made go to `navigator.credentials`, the
 * answer goes back as JSON. The helper library is loaded on use only: the login screen's first bundle stays light.
 */
type Options = Record<string, unknown>;

const library = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (no button is offered otherwise). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Makes a new passkey on this device (or a security key / phone) from the server's registration options. */
export async function createPasskey(options: Options) {
  const { startRegistration } = await library();
  return startRegistration({ optionsJSON: options as never });
}

/** Signs the server's challenge with one of the passkeys it allows (or any discoverable one when it names none). */
export async function signWithPasskey(options: Options) {
  const { startAuthentication } = await library();
  return startAuthentication({ optionsJSON: options as never });
}

/** The person closed the browser's dialog, or no passkey answered in time: not an error worth a red message. */
export function passkeyCanceled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
