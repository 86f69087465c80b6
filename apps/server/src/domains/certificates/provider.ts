import type { Platform } from '../../platform/context.ts';
import { openCertificateKey } from './keys.ts';
import { cscProvider, localProvider, type CredentialInfo, type RemoteSigningProvider } from './remote-signing.ts';
import type { CertificateRow } from './repository.ts';

/** The configured provider: `csc` when QTSP_CSC_URL is set (one client per server: it keeps its OAuth2 token). */
const cscClients = new WeakMap<Platform, RemoteSigningProvider>();

export function cscClientOf(platform: Platform): RemoteSigningProvider | null {
  const settings = platform.config.qtsp;
  if (!settings) return null;
  let client = cscClients.get(platform);
  if (!client) cscClients.set(platform, (client = cscProvider(settings)));
  return client;
}

const der = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));

export function credentialOf(row: CertificateRow): CredentialInfo {
  return { credentialId: row.credentialId ?? row.id, certificate: der(row.certificate!), chain: (row.chain ?? []).map(der) };
}

/**
 * The provider that signs with this certificate: its own kind (a certificate issued locally stays local even
 * once QTSP_* is set). The local provider is given the row, read under lock by the signing transaction.
 */
export function providerFor(platform: Platform, row: CertificateRow): RemoteSigningProvider {
  if (row.provider === 'csc') {
    const client = cscClientOf(platform);
    if (client) return client;
  }
  return localProvider(async (credentialId) =>
    credentialId === (row.credentialId ?? row.id) && row.sealedKey && row.keySalt
      ? { ...credentialOf(row), openKey: () => openCertificateKey(platform, row.sealedKey!, row.keySalt!) }
      : undefined,
  );
}
