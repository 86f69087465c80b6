/**
 * The settings every converter profile is written with before LibreOffice first opens it: links are never
 * updated (Writer's "update links when loading: never"), remote resources of documents outside the trusted
 * locations are blocked (BlockUntrustedRefererLinks: the setting made for CVE-2020-12802, it stops the fetch of a
 * linked image or object), and macros are off (security level "very high", execution disabled).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const settings: { path: string; name: string; value: string }[] = [
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'BlockUntrustedRefererLinks', value: 'true' },
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'MacroSecurityLevel', value: '3' },
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'DisableMacrosExecution', value: 'true' },
  // 0 never, 1 on request (the default), 2 always.
  { path: '/org.openoffice.Office.Writer/Content/Update', name: 'Link', value: '0' },
];

const item = (s: (typeof settings)[number]) => `<item oor:path="${s.path}"><prop oor:name="${s.name}" oor:op="fuse"><value>${s.value}</value></prop></item>`;

export const officeProfileSettings = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${settings.map(item).join('\n')}
</oor:items>
`;

/**
 * Writes the settings into the profile (`<profile>/user/registrymodifications.xcu`) unless they are there already:
 * LibreOffice keeps them when it rewrites the file at exit, and a profile thrown away after a crash gets them again.
 */
export async function prepareProfile(profile: string): Promise<void> {
  const file = path.join(profile, 'user', 'registrymodifications.xcu');
  const current = await readFile(file, 'utf8').catch(() => '');
  if (current && settings.every((s) => current.includes(item(s)))) return;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, officeProfileSettings);
}
