// The SQL of the repositories, captured without a database (scripts/sql-snapshots.ts writes and checks the snapshot
// files). Each exported function of a repository is called with a drizzle instance over `drizzle-orm/pg-proxy` whose
// callback records the statement and answers no rows: nothing is executed, and a changed query changes the text.
// The arguments are generated from the parameters' declared types, read from the source with the TypeScript parser
// (no type checker: a few milliseconds a file); sql-snapshots-samples.ts gives the few shapes that cannot be guessed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { getTableColumns, is, sql, SQL, type SQLWrapper } from 'drizzle-orm';
import { drizzle, PgProxyTransaction } from 'drizzle-orm/pg-proxy';
import { PgDialect, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { schema, type Database, type Tx } from '../src/platform/db/client.ts';
import { formatSql } from './sql-format.ts';

/** One statement a function sent. */
export interface Statement {
  sql: string;
  params: number;
}

export type Capture =
  { statements: Statement[]; fragment?: string; stopped?: string; answered?: 'a row of nulls' } | { notCaptured: string } | { noQuery: string };

/** A call may take longer than its statements: a function still pending after this is reported, not awaited. */
const hungAfterMs = 2_000;
/** More statements than this in one call is a loop the generated arguments never end. */
const maxStatements = 40;

/**
 * A database like the application's (`drizzle(client, { schema })`, no casing) whose driver records the SQL. Raw
 * `execute` results get both shapes the repositories read (node-postgres' `{ rows }`, PGlite's array of rows).
 * Transactions, which pg-proxy refuses, are run on the same recording session as BEGIN … COMMIT (savepoints nested).
 */
export function recordingDatabase(answer: 'no rows' | 'a row of nulls' = 'no rows') {
  const statements: Statement[] = [];
  const record = (text: string, params: number) => {
    statements.push({ sql: text, params });
    if (statements.length > maxStatements) throw new Error(`more than ${maxStatements} statements (a loop over generated arguments)`);
  };
  const db = drizzle(
    async (text, params, method) => {
      record(text, params.length);
      if (method !== 'execute') return { rows: answer === 'no rows' ? [] : [nullRow] };
      const rows = answer === 'no rows' ? [] : [nullRecord];
      return { rows: Object.assign(rows, { rows, rowCount: rows.length }) };
    },
    { schema },
  );
  const session = (db as unknown as { session: { transaction: unknown; dialect: PgDialect } }).session;
  const dialect = session.dialect;
  const relational = (db as unknown as { _: { schema: unknown } })._.schema;
  let depth = 0;
  async function run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const savepoint = depth > 0 ? `sp${depth}` : undefined;
    record(savepoint ? `savepoint ${savepoint}` : 'begin', 0);
    const tx = new PgProxyTransaction(dialect, session as never, relational as never, depth) as unknown as Tx;
    Object.assign(tx, { transaction: run });
    depth++;
    try {
      const value = await fn(tx);
      record(savepoint ? `release savepoint ${savepoint}` : 'commit', 0);
      return value;
    } finally {
      depth--;
    }
  }
  session.transaction = run;
  return { db: db as unknown as Database, dialect, statements };
}

/** A row of nulls as drizzle reads one: by position for its own queries, by name for raw `execute`. */
const nullRow = new Array(256).fill(null);
const nullRecord = new Proxy({}, { get: (_target, key) => (typeof key === 'string' ? null : undefined) });

/**
 * Stands for any value the source's types do not describe: every property, call and conversion gives a dummy again
 * (a string or 1 as a primitive, one dummy when iterated), and it is no promise.
 */
const dummyHandler: ProxyHandler<() => void> = {
  get(_target, key) {
    if (key === Symbol.toPrimitive) return (hint: string) => (hint === 'number' ? 1 : 'sample');
    if (key === Symbol.iterator)
      return function* () {
        yield dummy;
      };
    // Not a promise, nor an SQL chunk for drizzle (which would unwrap it for ever).
    if (key === 'then' || key === 'getSQL' || typeof key === 'symbol') return undefined;
    if (key === 'length' || key === 'size') return 1;
    if (key === 'toJSON' || key === 'toString' || key === 'toISOString') return () => 'sample';
    return dummy;
  },
  apply: () => dummy,
  construct: () => dummy as object,
};
export const dummy: unknown = new Proxy(function dummyValue() {}, dummyHandler);

/** Sample arguments beyond what the types say: by type name (any parameter of that type) and by function. */
export interface Samples {
  types?: Record<string, () => unknown>;
  /** `<relative file>: <function>` → its whole argument list, the executor given. */
  functions?: Record<string, (db: Database) => unknown[]>;
}

const executorTypes = new Set(['Executor', 'Tx', 'Database', 'PgDatabase', 'PgTransaction']);
const placeholderText = 'sample';

/** The value a column takes in a generated row. */
function columnSample(column: PgColumn): unknown {
  switch (column.dataType) {
    case 'number':
      return 1;
    case 'bigint':
      return 1n;
    case 'boolean':
      return true;
    case 'date':
      return new Date(0);
    case 'json':
      return {};
    case 'array':
      return [];
    case 'buffer':
      return Buffer.alloc(0);
    case 'string':
      return column.enumValues?.[0] ?? placeholderText;
    default:
      return placeholderText;
  }
}

/** A row of `table` with every column set. */
function rowOf(table: PgTable): Record<string, unknown> {
  return Object.fromEntries(Object.entries(getTableColumns(table)).map(([key, column]) => [key, columnSample(column)]));
}

/** What a file's source says: its parsed AST, local type declarations and the modules its names come from. */
interface SourceFile {
  file: string;
  ast: ts.SourceFile;
  types: Map<string, ts.TypeNode | ts.InterfaceDeclaration>;
  imports: Map<string, { from: string; name: string }>;
  module: Record<string, unknown>;
}

const sources = new Map<string, Promise<SourceFile>>();

async function loadSource(file: string): Promise<SourceFile> {
  let loaded = sources.get(file);
  if (!loaded) {
    loaded = (async () => {
      const ast = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const types = new Map<string, ts.TypeNode | ts.InterfaceDeclaration>();
      const imports = new Map<string, { from: string; name: string }>();
      for (const statement of ast.statements) {
        if (ts.isTypeAliasDeclaration(statement)) types.set(statement.name.text, statement.type);
        if (ts.isInterfaceDeclaration(statement)) types.set(statement.name.text, statement);
        if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
          const from = statement.moduleSpecifier.text;
          const bindings = statement.importClause?.namedBindings;
          if (bindings && ts.isNamedImports(bindings))
            for (const element of bindings.elements) imports.set(element.name.text, { from, name: (element.propertyName ?? element.name).text });
        }
        // A re-export (`export type { X } from './y.ts'`) is followed like an import: a domain's entry passes types on.
        const exported = ts.isExportDeclaration(statement) ? statement.exportClause : undefined;
        if (
          ts.isExportDeclaration(statement) &&
          statement.moduleSpecifier &&
          ts.isStringLiteral(statement.moduleSpecifier) &&
          exported &&
          ts.isNamedExports(exported)
        )
          for (const element of exported.elements)
            imports.set(element.name.text, { from: statement.moduleSpecifier.text, name: (element.propertyName ?? element.name).text });
      }
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      return { file, ast, types, imports, module };
    })();
    sources.set(file, loaded);
  }
  return loaded;
}

/** The value a name has in `source`: its own export, else what it imports under that name (relative modules). */
async function valueOf(source: SourceFile, name: string): Promise<unknown> {
  if (name in source.module) return source.module[name];
  const imported = source.imports.get(name);
  if (!imported || !imported.from.startsWith('.')) return undefined;
  const module = (await import(pathToFileURL(path.resolve(path.dirname(source.file), imported.from)).href)) as Record<string, unknown>;
  return module[imported.name];
}

/** Where a type name is declared: in the file itself, else in the relative module it is imported from. */
async function declarationOf(source: SourceFile, name: string): Promise<{ source: SourceFile; node: ts.TypeNode | ts.InterfaceDeclaration } | undefined> {
  const local = source.types.get(name);
  if (local) return { source, node: local };
  const imported = source.imports.get(name);
  if (!imported || !imported.from.startsWith('.')) return undefined;
  const other = await loadSource(path.resolve(path.dirname(source.file), imported.from));
  return declarationOf(other, imported.name);
}

interface Generation {
  db: Database;
  samples: Samples;
  depth: number;
}

async function membersValue(source: SourceFile, members: readonly ts.TypeElement[], g: Generation): Promise<Record<string, unknown>> {
  const value: Record<string, unknown> = {};
  for (const member of members) {
    if (!member.name || !(ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) continue;
    if (ts.isPropertySignature(member) && member.type) value[member.name.text] = await sampleOf(source, member.type, g);
    else if (ts.isMethodSignature(member)) value[member.name.text] = () => dummy;
  }
  return value;
}

/** A value of the declared type `node` (as written in `source`). */
async function sampleOf(source: SourceFile, node: ts.TypeNode | ts.InterfaceDeclaration, g: Generation): Promise<unknown> {
  if (g.depth > 6) return dummy;
  const deeper = { ...g, depth: g.depth + 1 };
  if (ts.isInterfaceDeclaration(node)) {
    const base: Record<string, unknown> = {};
    for (const clause of node.heritageClauses ?? [])
      for (const type of clause.types)
        Object.assign(base, await sampleOf(source, ts.factory.createTypeReferenceNode(type.expression.getText(source.ast)), deeper));
    return { ...base, ...(await membersValue(source, node.members, deeper)) };
  }
  switch (node.kind) {
    case ts.SyntaxKind.StringKeyword:
      return placeholderText;
    case ts.SyntaxKind.NumberKeyword:
      return 1;
    case ts.SyntaxKind.BigIntKeyword:
      return 1n;
    case ts.SyntaxKind.BooleanKeyword:
      return true;
    case ts.SyntaxKind.UndefinedKeyword:
    case ts.SyntaxKind.VoidKeyword:
      return undefined;
    case ts.SyntaxKind.NullKeyword:
      return null;
    default:
      break;
  }
  if (ts.isParenthesizedTypeNode(node)) return sampleOf(source, node.type, g);
  if (ts.isTypeOperatorNode(node)) return sampleOf(source, node.type, g);
  if (ts.isArrayTypeNode(node)) return [await sampleOf(source, node.elementType, deeper)];
  if (ts.isTupleTypeNode(node))
    return Promise.all(node.elements.map((element) => sampleOf(source, ts.isNamedTupleMember(element) ? element.type : element, deeper)));
  if (ts.isTypeLiteralNode(node)) return membersValue(source, node.members, deeper);
  if (ts.isLiteralTypeNode(node)) {
    const literal = node.literal;
    if (ts.isStringLiteral(literal)) return literal.text;
    if (ts.isNumericLiteral(literal)) return Number(literal.text);
    if (literal.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (literal.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (literal.kind === ts.SyntaxKind.NullKeyword) return null;
    return dummy;
  }
  if (ts.isUnionTypeNode(node)) {
    // The first member that is a value (`X | null`, `X | undefined` → X): the fullest variant of the query.
    const member = node.types.find(
      (t) => t.kind !== ts.SyntaxKind.UndefinedKeyword && !(ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword),
    );
    return member ? sampleOf(source, member, g) : undefined;
  }
  if (ts.isIntersectionTypeNode(node)) {
    const parts = await Promise.all(node.types.map((t) => sampleOf(source, t, deeper)));
    return parts.every((p) => p && typeof p === 'object' && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
  }
  if (ts.isTypeQueryNode(node)) {
    const table = inferredRow(node);
    return table ? inferredSample(source, table) : dummy;
  }
  if (ts.isFunctionTypeNode(node)) return () => dummy;
  if (ts.isTypeReferenceNode(node)) return referenceSample(source, node, g, deeper);
  return dummy;
}

async function referenceSample(source: SourceFile, node: ts.TypeReferenceNode, g: Generation, deeper: Generation): Promise<unknown> {
  // A name made by the factory (an interface's `extends`) has no text in the source.
  const name = ts.isIdentifier(node.typeName) ? node.typeName.text : node.typeName.getText(source.ast);
  const args = node.typeArguments ?? [];
  const sample = g.samples.types?.[name];
  if (sample) return sample();
  if (executorTypes.has(name)) return g.db;
  switch (name) {
    case 'Date':
      return new Date(0);
    case 'SQL':
      return sql`true`;
    case 'Buffer':
    case 'Uint8Array':
      return Buffer.alloc(0);
    case 'Array':
    case 'ReadonlyArray':
      return [args[0] ? await sampleOf(source, args[0], deeper) : dummy];
    case 'Set':
    case 'ReadonlySet':
      return new Set([args[0] ? await sampleOf(source, args[0], deeper) : dummy]);
    case 'Map':
    case 'ReadonlyMap':
      return new Map([[args[0] ? await sampleOf(source, args[0], deeper) : dummy, args[1] ? await sampleOf(source, args[1], deeper) : dummy]]);
    case 'Record':
      return {};
    case 'Partial':
    case 'Required':
    case 'Readonly':
    case 'NonNullable':
      return args[0] ? sampleOf(source, args[0], g) : dummy;
    case 'Omit':
    case 'Pick': {
      const whole = args[0] ? await sampleOf(source, args[0], g) : dummy;
      if (!whole || typeof whole !== 'object' || !args[1]) return whole;
      const keys = new Set(literalStrings(args[1]));
      return Object.fromEntries(Object.entries(whole).filter(([key]) => keys.has(key) === (name === 'Pick')));
    }
  }
  const declared = await declarationOf(source, name);
  if (declared) {
    const inferred = inferredRow(declared.node);
    if (inferred) return inferredSample(declared.source, inferred);
    return sampleOf(declared.source, declared.node, deeper);
  }
  return dummy;
}

function literalStrings(node: ts.TypeNode): string[] {
  if (ts.isUnionTypeNode(node)) return node.types.flatMap(literalStrings);
  if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) return [node.literal.text];
  return [];
}

/** `typeof table.$inferInsert` (or `$inferSelect`): the table's name. */
function inferredRow(node: ts.TypeNode | ts.InterfaceDeclaration): string | undefined {
  if (ts.isTypeQueryNode(node) && ts.isQualifiedName(node.exprName) && node.exprName.right.text.startsWith('$infer')) return node.exprName.left.getText();
  return undefined;
}

async function inferredSample(source: SourceFile, table: string): Promise<unknown> {
  const value = await valueOf(source, table);
  return is(value, PgTable) ? rowOf(value) : dummy;
}

/** The exported functions of a repository source, with their parameter lists (arrow functions and declarations). */
function exportedFunctions(ast: ts.SourceFile): Map<string, readonly ts.ParameterDeclaration[]> {
  const found = new Map<string, readonly ts.ParameterDeclaration[]>();
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of ast.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && exported(statement)) found.set(statement.name.text, statement.parameters);
    if (ts.isVariableStatement(statement) && exported(statement))
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
          found.set(declaration.name.text, init.parameters);
      }
  }
  return found;
}

async function argumentsFor(source: SourceFile, parameters: readonly ts.ParameterDeclaration[], g: Generation): Promise<unknown[]> {
  const args: unknown[] = [];
  for (const parameter of parameters) {
    // A parameter with a default keeps it (the call as most callers make it).
    if (parameter.initializer) args.push(undefined);
    else if (parameter.dotDotDotToken) break;
    else args.push(parameter.type ? await sampleOf(source, parameter.type, g) : dummy);
  }
  return args;
}

/** Settles `promise`, or tells it is still pending after a while (a function waiting for something that never comes). */
async function settled<T>(promise: Promise<T>): Promise<{ value: T } | { pending: true }> {
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise<{ pending: true }>((resolve) => (timer = setTimeout(() => resolve({ pending: true }), hungAfterMs)));
  try {
    return await Promise.race([promise.then((value) => ({ value })), pending]);
  } finally {
    clearTimeout(timer);
  }
}

const isSqlWrapper = (value: unknown): value is SQLWrapper => !!value && typeof value === 'object' && typeof (value as SQLWrapper).getSQL === 'function';

/**
 * Runs `call` on a recording database and says what it sent. Its queries find no rows; a function that needs what a
 * first query returned to go on (an inserted row's id) is run again with every query answering a row of nulls, and
 * that run is kept when it goes further.
 */
export async function captureCall(call: (db: Database) => unknown): Promise<Capture> {
  const first = await captureWith(call, 'no rows');
  if (!('statements' in first) || !first.stopped) return first;
  const second = await captureWith(call, 'a row of nulls');
  const further = 'statements' in second && (!second.stopped || second.statements.length > first.statements.length);
  return further ? { ...second, answered: 'a row of nulls' } : first;
}

async function captureWith(call: (db: Database) => unknown, answer: 'no rows' | 'a row of nulls'): Promise<Capture> {
  const { db, dialect, statements } = recordingDatabase(answer);
  let result: unknown;
  let stopped: string | undefined;
  try {
    const outcome = await settled(Promise.resolve().then(() => call(db)));
    if ('pending' in outcome) stopped = 'still waiting after the statements above';
    else result = outcome.value;
  } catch (error) {
    stopped = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  }
  if (statements.length) return { statements: [...statements], ...(stopped ? { stopped } : {}) };
  if (stopped) return { notCaptured: stopped };
  if (is(result, SQL) || isSqlWrapper(result)) return { statements: [], fragment: dialect.sqlToQuery(result.getSQL()).sql };
  return { noQuery: `returns ${describe(result)}` };
}

function describe(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Calls one exported function of a repository with generated (or sampled) arguments. */
export async function captureFunction(file: string, name: string, label: string, samples: Samples): Promise<Capture> {
  const source = await loadSource(file);
  const fn = source.module[name];
  const parameters = exportedFunctions(source.ast).get(name);
  if (typeof fn !== 'function' || !parameters) return { notCaptured: 'not a function declared in this file' };
  const sampled = samples.functions?.[label];
  return captureCall(async (db) => {
    const args = sampled ? sampled(db) : await argumentsFor(source, parameters, { db, samples, depth: 0 });
    return (fn as (...args: unknown[]) => unknown)(...args);
  });
}

/** The names of a file's exported functions, in source order. */
export function exportedFunctionNames(file: string): string[] {
  const ast = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  return [...exportedFunctions(ast).keys()];
}

/** One function's entry in a snapshot file. */
export function renderCapture(header: string, capture: Capture): string {
  const lines = [`-- ${header}`];
  if ('notCaptured' in capture) lines.push(`-- not captured: ${capture.notCaptured}`);
  else if ('noQuery' in capture) lines.push(`-- no query: ${capture.noQuery}`);
  else {
    if (capture.answered) lines.push(`-- (with no rows found it stops after the first statements; each query answering ${capture.answered}:)`);
    if (capture.fragment !== undefined) lines.push('-- a fragment other queries include:', formatSql(capture.fragment));
    for (const statement of capture.statements) lines.push(`${formatSql(statement.sql)};`);
    if (capture.stopped) lines.push(`-- stopped here: ${capture.stopped}`);
  }
  return lines.join('\n');
}
