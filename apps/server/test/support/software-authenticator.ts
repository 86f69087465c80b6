import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for tests: an EC P-256 key, attestation "none", assertions signed as a real
 * authenticator signs them (authenticator data ‖ SHA-256(client data)), so the server's checks run unchanged.
 * `origin`/`challenge`/`counter` overrides make the hostile cases (another origin, a stale challenge, a clone).
 */
export interface CeremonyOverrides {
  origin?: string;
  challenge?: string;
  rpId?: string;
  counter?: number;
  userVerified?: boolean;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;
  userHandle: string | undefined;

  readonly origin: string;
  readonly rpId: string;

  constructor(origin: string, rpId: string, key?: { privateKey: KeyObject; publicJwk: { x: string; y: string }; credentialId: Buffer }) {
    this.origin = origin;
    this.rpId = rpId;
    if (key) {
      this.privateKey = key.privateKey;
      this.publicJwk = key.publicJwk;
      key.credentialId.copy(this.credentialId);
    } else {
      const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      this.privateKey = pair.privateKey;
      const jwk = pair.publicKey.export({ format: 'jwk' });
      this.publicJwk = { x: jwk.x!, y: jwk.y! };
    }
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The same key and counter on another device: what a cloned credential is. */
  clone(): SoftwareAuthenticator {
    const copy = new SoftwareAuthenticator(this.origin, this.rpId, { privateKey: this.privateKey, publicJwk: this.publicJwk, credentialId: this.credentialId });
    copy.counter = this.counter;
    copy.userHandle = this.userHandle;
    return copy;
  }

  private coseKey(): Uint8Array {
    const key = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(this.publicJwk.x, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(this.publicJwk.y, 'base64url'))],
    ]);
    return isoCBOR.encode(key);
  }

  private authenticatorData(o: CeremonyOverrides, attested: boolean): Buffer {
    const flags = 0x01 | (o.userVerified === false ? 0 : 0x04) | (attested ? 0x40 : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(o.counter ?? this.counter);
    const parts = [sha256(o.rpId ?? this.rpId), Buffer.from([flags]), counter];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(this.coseKey()));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, o: CeremonyOverrides): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge: o.challenge ?? challenge, origin: o.origin ?? this.origin, crossOrigin: false }));
  }

  /** The answer to `navigator.credentials.create(options)`. */
  register(options: { challenge: string; user: { id: string } }, o: CeremonyOverrides = {}) {
    this.userHandle = options.user.id;
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(this.authenticatorData(o, true))],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, o)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** The answer to `navigator.credentials.get(options)`; the counter moves forward first unless one is given. */
  assert(options: { challenge: string }, o: CeremonyOverrides = {}) {
    if (o.counter === undefined) this.counter++;
    const authData = this.authenticatorData(o, false);
    const clientData = this.clientData('webauthn.get', options.challenge, o);
    const signature = createSign('SHA256')
      .update(Buffer.concat([authData, sha256(clientData)]))
      .sign(this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
