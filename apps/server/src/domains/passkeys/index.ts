// The passkeys domain (docs/passkeys.md): a user's WebAuthn credentials, the second factor and the passwordless login
// they offer. Nothing of it is used by another domain: the module only.
export { passkeysModule } from './module.ts';
