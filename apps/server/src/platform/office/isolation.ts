/**
 * How a converter is kept off the network (docs/security.md "Office conversion never touches the network").
 *
 * - `namespace`: each LibreOffice process starts in a network namespace of its own (`unshare -n`): no interface but
 *   a loopback that is down, so no connection can be made at all, whatever the document holds. Used when
 *   `unshare -n true` works here (Linux, as root or with CAP_SYS_ADMIN; detected once per engine).
 * - `profile`: where it does not (not root, no util-linux, another OS) or when OFFICE_NETWORK_NAMESPACE=off. The
 *   converters then rely on the two walls that are ALWAYS up, in both modes: the profile (links never updated,
 *   remote resources of untrusted documents blocked, macros off: officeProfileSettings) and the package stripped of
 *   every outside reference before conversion (references.ts).
 */
import { execFile } from 'node:child_process';
import { resolveBinary } from './detect.ts';

export type NetworkIsolation = 'namespace' | 'profile';

/** The command prefix that runs a program without network (`unshare -n --`), or null when this machine refuses it. */
export async function detectNetworkNamespace(unshareBinary = 'unshare'): Promise<string[] | null> {
  if (process.platform !== 'linux') return null;
  const resolved = await resolveBinary(unshareBinary);
  if (!resolved) return null;
  const works = await new Promise<boolean>((resolve) => {
    execFile(resolved, ['-n', '--', 'true'], { timeout: 5000 }, (error) => resolve(!error));
  });
  return works ? [resolved, '-n', '--'] : null;
}
