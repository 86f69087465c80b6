// Counts the functions longer than a number of lines (default 80) in the production source of the apps and packages
// (tests, benchmarks and generated files left out), longest first. A nested function counts on its own too.
//   node scripts/long-functions.ts [maxLines] [--list]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const sourceRoots = ['apps/server/src', 'apps/web/src', 'packages/contracts/src', 'packages/signing/src'];
const maxLines = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 80);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' || entry.name === 'locales' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|e2e\.test)\.tsx?$|\.d\.ts$/.test(entry.name) ? [file] : [];
  });
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(source).slice(0, 40)})`;
  return '(anonymous)';
}

const long: Array<{ where: string; name: string; lines: number }> = [];
for (const file of sourceRoots.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > maxLines) long.push({ where: `${path.relative(root, file)}:${start + 1}`, name: nameOf(node, source), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
long.sort((a, b) => b.lines - a.lines);
if (process.argv.includes('--list')) for (const f of long) console.log(`${String(f.lines).padStart(4)}  ${f.where}  ${f.name}`);
console.log(`${long.length} functions over ${maxLines} lines`);
