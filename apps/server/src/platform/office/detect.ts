import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';

/** Whether document conversion can run here, and if not, what to do about it. */
export interface OfficeStatus {
  available: boolean;
  /** The binary as configured (OFFICE_BINARY). */
  binary: string;
  /** Where it was found on the PATH. */
  resolved?: string;
  /** `LibreOffice 7.4.7.2 …` */
  version?: string;
  /** Why not, when unavailable. */
  reason?: string;
  /** How to enable it, when unavailable. */
  howToEnable?: string;
}

export const howToEnable =
  'Install LibreOffice Writer on the server (Debian/Ubuntu: `apt-get install -y libreoffice-writer-nogui`; `./paraphe start` does it when it runs as root), or set OFFICE_BINARY to the path of `soffice`, then restart.';

async function executable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** The binary's path: as given when it holds a `/`, else the first executable match on the PATH. */
export async function resolveBinary(binary: string, envPath = process.env.PATH ?? ''): Promise<string | undefined> {
  if (binary.includes('/')) return (await executable(binary)) ? path.resolve(binary) : undefined;
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, binary);
    if (await executable(candidate)) return candidate;
  }
  return undefined;
}

/** Looks for the binary and asks its version (≈ 0.1 s; a binary that does not answer in 20 s is not usable). */
export async function detectOffice(binary: string): Promise<OfficeStatus> {
  const resolved = await resolveBinary(binary);
  if (!resolved) return { available: false, binary, reason: `LibreOffice (${binary}) is not installed on the server.`, howToEnable };
  const version = await new Promise<string | Error>((resolve) => {
    execFile(resolved, ['--version'], { timeout: 20_000 }, (error, stdout) => resolve(error ? error : String(stdout).trim()));
  });
  if (version instanceof Error)
    return { available: false, binary, resolved, reason: `${resolved} does not run: ${version.message.split('\n')[0]}`, howToEnable };
  return { available: true, binary, resolved, version: version.split('\n')[0] };
}
