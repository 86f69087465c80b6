// A small, deterministic layout for the SQL drizzle generates (scripts/sql-snapshots.ts): one clause a line, nested
// queries indented. It only moves whitespace between tokens (quoted names and strings are kept as they are), so two
// statements differ in the layout exactly when they differ in the text. Not a general SQL pretty-printer: the input
// is drizzle's output and the repositories' own `sql` templates.

/** Keywords that start a clause on a new line, longest first (so `left join` wins over `join`). */
const clauses = [
  'insert into',
  'delete from',
  'left join lateral',
  'left join',
  'right join',
  'inner join',
  'full join',
  'cross join lateral',
  'cross join',
  'on conflict',
  'do update set',
  'group by',
  'order by',
  'union all',
  'for update',
  'for no key update',
  'for share',
  'with recursive',
  'with',
  'select distinct on',
  'select distinct',
  'select',
  'from',
  'join',
  'where',
  'having',
  'limit',
  'offset',
  'returning',
  'values',
  'update',
  'set',
  'union',
  'except',
  'intersect',
];

type Token = { kind: 'word' | 'quoted' | 'open' | 'close' | 'comma' | 'other'; text: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && !(text[j] === c && text[j + 1] !== c)) j += text[j] === c ? 2 : 1;
      tokens.push({ kind: 'quoted', text: text.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      tokens.push({ kind: 'other', text: text.slice(i, end < 0 ? text.length : end) });
      i = end < 0 ? text.length : end;
      continue;
    }
    if (c === '(') tokens.push({ kind: 'open', text: c });
    else if (c === ')') tokens.push({ kind: 'close', text: c });
    else if (c === ',') tokens.push({ kind: 'comma', text: c });
    else {
      const word = /^[A-Za-z_][A-Za-z0-9_$]*|^\$\d+|^::|^[0-9.]+|^[<>!=|&:~*+\-/%^@#?]+|^./.exec(text.slice(i))![0];
      tokens.push({ kind: /^[A-Za-z_]/.test(word) ? 'word' : 'other', text: word });
      i += word.length;
      continue;
    }
    i++;
  }
  return tokens;
}

/** The clause keyword starting at token `i`, if any (matched case-insensitively over consecutive words). */
function clauseAt(tokens: Token[], i: number): string | undefined {
  for (const clause of clauses) {
    const words = clause.split(' ');
    if (words.every((word, k) => tokens[i + k]?.kind === 'word' && tokens[i + k]!.text.toLowerCase() === word)) return clause;
  }
  return undefined;
}

const noSpaceBefore = new Set([',', ')', '::', '.', '[', ']']);
const noSpaceAfter = new Set(['(', '::', '.', '[']);

/** `text` laid out one clause a line, two spaces per level of nested parentheses that hold a query. */
export function formatSql(text: string): string {
  const tokens = tokenize(text);
  const lines: string[] = [];
  let line = '';
  // One entry per open parenthesis: whether it holds a query (its lines are indented).
  const opened: boolean[] = [];
  const indent = () => '  '.repeat(opened.filter(Boolean).length);
  const newLine = () => {
    if (line.trim()) lines.push(line.trimEnd());
    line = indent();
  };
  let previous: Token | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const clause = token.kind === 'word' ? clauseAt(tokens, i) : undefined;
    if (token.kind === 'close') {
      const wasQuery = opened.pop();
      if (wasQuery) newLine();
    }
    // Inside an expression's parentheses (a function's arguments, a window) the words stay on the line.
    const inExpression = opened.length > 0 && !opened.at(-1);
    if (clause && !inExpression && (clause !== 'set' || previous?.text.toLowerCase() !== 'update') && !(clause === 'values' && previous?.kind === 'open')) {
      if (previous?.kind !== 'open') newLine();
      const words = tokens.slice(i, i + clause.split(' ').length);
      line += words.map((word) => word.text).join(' ');
      i += words.length - 1;
      previous = words.at(-1);
      continue;
    }
    const glued =
      !previous ||
      noSpaceBefore.has(token.text) ||
      noSpaceAfter.has(previous.text) ||
      (token.kind === 'open' && previous.kind === 'word' && !clauseAt([previous], 0) && /^[a-z_]/i.test(previous.text) && isFunctionName(previous.text));
    if (!glued && !line.endsWith(' ') && line.trim()) line += ' ';
    line += token.text;
    if (token.kind === 'open') {
      const holdsQuery = tokens[i + 1]?.kind === 'word' && ['select', 'with', 'values'].includes(tokens[i + 1]!.text.toLowerCase());
      opened.push(holdsQuery);
      if (holdsQuery) {
        lines.push(line.trimEnd());
        line = indent();
      }
    }
    previous = token;
  }
  newLine();
  return lines.join('\n');
}

/** Words that are operators or keywords before a parenthesis (`in (…)`, `as (…)`), not function calls. */
const notFunctions = new Set([
  'in',
  'as',
  'and',
  'or',
  'not',
  'exists',
  'any',
  'all',
  'on',
  'using',
  'over',
  'filter',
  'within',
  'is',
  'then',
  'else',
  'when',
  'case',
  'between',
]);
function isFunctionName(word: string) {
  return !notFunctions.has(word.toLowerCase());
}
