// The "Domains today" table of docs/architecture.md, generated from the code so that it cannot drift:
// - the rows: every folder of apps/server/src/domains, in the order of the registry (apps/server/src/modules.ts);
// - "uses": the other domains a domain's source imports through their index.ts (tests left out), and "tables of":
//   those whose schema.ts its schema.ts imports (foreign keys), both read from the import statements;
// - "owns": the prose, written by hand in the doc and kept as it is (a new domain gets a placeholder to fill in).
// It also checks what the doc claims of the order: a domain only uses the domains above it.
//   node scripts/architecture-table.ts           prints the table
//   node scripts/architecture-table.ts --write   rewrites the table in docs/architecture.md
//   node scripts/architecture-table.ts --check   exits 1 when the committed table differs from the code
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const domainsDir = path.join(root, 'apps/server/src/domains');
const modulesFile = path.join(root, 'apps/server/src/modules.ts');
export const docFile = path.join(root, 'docs/architecture.md');

const sectionHeading = '## Domains today';
const tableHeader = '| domain | owns | uses | tables of (foreign keys) |\n|---|---|---|---|';
/** Written in the "owns" cell of a domain the doc does not describe yet; the check refuses it. */
export const ownsPlaceholder = '**TO DESCRIBE: what this domain owns**';

/** The domains in registry order: the `modules` array of modules.ts, keeping the entries imported from domains/. */
export function registryOrder(modulesSource: string): string[] {
  const domainOfModule = new Map<string, string>();
  for (const match of modulesSource.matchAll(/import\s*\{\s*(\w+)\s*\}\s*from\s*'\.\/domains\/([^/]+)\/index\.ts'/g)) {
    domainOfModule.set(match[1]!, match[2]!);
  }
  const list = /export const modules[^=]*=\s*\[([\s\S]*?)\];/.exec(modulesSource);
  if (!list) throw new Error('apps/server/src/modules.ts: no `export const modules = [...]` found');
  const entries = list[1]!
    .replace(/\/\/.*$/gm, '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.flatMap((entry) => (domainOfModule.has(entry) ? [domainOfModule.get(entry)!] : []));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

export interface DomainImports {
  /** Domains whose public surface (index.ts) it imports. */
  uses: Set<string>;
  /** Domains whose schema.ts it imports (its tables' foreign keys). */
  references: Set<string>;
}

/** Which other domains each domain's (non-test) source imports: static, type-only, re-exports and dynamic imports. */
export function domainImports(domains: readonly string[]): Map<string, DomainImports> {
  const graph = new Map(domains.map((domain) => [domain, { uses: new Set<string>(), references: new Set<string>() }]));
  for (const domain of domains) {
    for (const file of sourceFiles(path.join(domainsDir, domain))) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      for (const { fileName } of importedFiles) {
        if (!fileName.startsWith('.')) continue;
        const target = path.relative(domainsDir, path.resolve(path.dirname(file), fileName)).split(path.sep);
        if (target[0] === '..' || target.length < 2 || target[0] === domain) continue;
        const imports = graph.get(domain)!;
        (target.at(-1) === 'schema.ts' ? imports.references : imports.uses).add(target[0]!);
      }
    }
  }
  return graph;
}

/** The "owns" cell of each row of the doc's current table, by domain. */
export function ownsOfDoc(doc: string): Map<string, string> {
  const owns = new Map<string, string>();
  for (const match of tableOf(doc).matchAll(/^\| `([^`]+)` \| (.*?)( \| [^|]*)+ \|$/gm)) owns.set(match[1]!, match[2]!);
  return owns;
}

/** The table under the heading "## Domains today": from its first line starting with "|" to the next blank line. */
function tableOf(doc: string): string {
  const heading = doc.indexOf(sectionHeading);
  const start = heading < 0 ? -1 : doc.indexOf('\n|', heading) + 1;
  if (start <= 0) throw new Error(`docs/architecture.md: no table under the heading "${sectionHeading}"`);
  const end = doc.indexOf('\n\n', start);
  return doc.slice(start, end < 0 ? undefined : end);
}

export interface DomainTable {
  table: string;
  /** What the code contradicts in the doc's claims (a domain not registered, one using a domain below it, no description). */
  problems: string[];
}

/** The table, from the registry order, the import graph and the hand-written "owns" cells. Pure, for the tests. */
export function domainTable(
  order: readonly string[],
  folders: readonly string[],
  graph: ReadonlyMap<string, DomainImports>,
  owns: ReadonlyMap<string, string>,
): DomainTable {
  const problems: string[] = [];
  for (const folder of folders) {
    if (!order.includes(folder)) problems.push(`domains/${folder} is not registered in apps/server/src/modules.ts`);
  }
  const rows = order.map((domain, position) => {
    const inOrder = (names: ReadonlySet<string> | undefined) => [...(names ?? [])].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    const uses = inOrder(graph.get(domain)?.uses);
    const references = inOrder(graph.get(domain)?.references);
    for (const other of new Set([...uses, ...references])) {
      if (order.indexOf(other) > position) problems.push(`${domain} uses ${other}, which modules.ts lists below it (a domain only uses those above it)`);
    }
    const description = owns.get(domain) ?? ownsPlaceholder;
    if (description === ownsPlaceholder) problems.push(`${domain}: describe what it owns in docs/architecture.md (the "owns" cell)`);
    const list = (names: string[]) => (names.length ? names.join(', ') : '—');
    return `| \`${domain}\` | ${description} | ${list(uses)} | ${list(references)} |`;
  });
  return { table: [tableHeader, ...rows].join('\n'), problems };
}

/** The table the code gives today, with the doc's descriptions. */
export function generate(doc: string = readFileSync(docFile, 'utf8')): DomainTable & { doc: string; updatedDoc: string } {
  const order = registryOrder(readFileSync(modulesFile, 'utf8'));
  const folders = readdirSync(domainsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const known = [...new Set([...order, ...folders])];
  const result = domainTable(order, folders, domainImports(known), ownsOfDoc(doc));
  return { ...result, doc, updatedDoc: doc.replace(tableOf(doc), result.table) };
}

if (import.meta.main) {
  const mode = process.argv[2];
  const { table, problems, doc, updatedDoc } = generate();
  if (mode === '--write') {
    if (updatedDoc !== doc) writeFileSync(docFile, updatedDoc);
    console.log(updatedDoc === doc ? 'docs/architecture.md: the domain table is up to date.' : 'docs/architecture.md: the domain table was rewritten.');
  } else if (mode === '--check') {
    if (updatedDoc !== doc) {
      problems.unshift('docs/architecture.md: the domain table differs from the code; run `node scripts/architecture-table.ts --write` and commit it.');
    }
  } else {
    console.log(table);
  }
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exitCode = 1;
}
