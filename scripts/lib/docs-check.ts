/**
 * The rules that keep the README, docs/ and code comments true to the code (`scripts/check-docs.ts`
 * runs them on the tree, `scripts/docs-check.test.ts` on stale fixtures). Each rule is a pure
 * function of the texts and the file list it checks, and returns one problem per disagreement.
 */
/** One disagreement between a doc and the code, said where it is. */
export type Problem = { file: string; line: number; message: string };

/** A text and the repository path it was read from. */
export type Source = { path: string; text: string };

export const formatProblem = (problem: Problem) => `${problem.file}:${problem.line}: ${problem.message}`;

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** A path pattern where `*` stands for any part of one name. */
const globSource = (pattern: string) => pattern.split('*').map(escapeRegExp).join('[^/]*');

/** The lines of a Markdown section, from its heading to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): { start: number; lines: string[] } | null {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith('#') && line.replace(/^#+\s*/, '') === heading);
  if (start < 0) return null;
  const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 1;
  const sameOrHigher = new RegExp(`^#{1,${level}}\\s`);
  let end = start + 1;
  let inBlock = false;
  for (; end < lines.length; end += 1) {
    const line = lines[end] ?? '';
    // A `#` line inside a code block is a shell comment, not a heading.
    if (line.trimStart().startsWith('```')) inBlock = !inBlock;
    else if (!inBlock && sameOrHigher.test(line)) break;
  }
  return { start, lines: lines.slice(start, end) };
}

/** A Markdown table's row: its cells and its 1-based line. */
type TableRow = { line: number; cells: string[] };

function tables(markdown: string): TableRow[][] {
  const found: TableRow[][] = [];
  let current: TableRow[] = [];
  markdown.split('\n').forEach((text, index) => {
    if (text.trimStart().startsWith('|')) {
      // A `\|` inside a cell is a literal bar, not a column.
      const cells = text
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim());
      if (!cells.every((cell) => /^:?-+:?$/.test(cell))) current.push({ line: index + 1, cells });
    } else if (current.length) {
      found.push(current);
      current = [];
    }
  });
  if (current.length) found.push(current);
  return found;
}

/** The rows of the table whose first header cell is `header` (case-insensitive), the header left out. */
function tableHeaded(markdown: string, header: string): TableRow[] | null {
  const table = tables(markdown).find((rows) => rows[0]?.cells[0]?.toLowerCase() === header.toLowerCase());
  return table ? table.slice(1) : null;
}

/** A table's first column as names: `NAME` → NAME, with the line each is on. */
const firstColumn = (rows: readonly TableRow[], lineOffset = 0) =>
  rows.map((row) => ({ name: (row.cells[0] ?? '').replace(/`/g, '').trim(), line: row.line + lineOffset }));

// ---------------------------------------------------------------------------------------------
// Commands: the README's Commands table against package.json's scripts.

/** npm's own shorthands for a script: `npm start` runs scripts.start. Other `npm X` are npm's commands. */
const NPM_SCRIPT_SHORTHANDS = new Set(['start', 'stop', 'restart', 'test']);

/**
 * Scripts a newcomer never types, so the Commands table may leave them out: each is a step of a
 * command the table does list.
 */
export const SCRIPTS_LEFT_OUT_OF_COMMANDS: Readonly<Record<string, string>> = {
  'build:assets': 'the first step of npm run build (images and fonts)',
  'build:web': 'a step of npm run build (the site, its server render and the prerender)',
  'build:functions': 'the last step of npm run build (the functions and the site bundle they carry)',
};

/** Every script an `npm run X` or `npm X` in the text names, with its 1-based line. */
function scriptsNamed(text: string): { name: string; line: number }[] {
  const named: { name: string; line: number }[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/\bnpm (run(?:-script)? )?([a-z][\w:-]*)/g)) {
      const name = match[2] ?? '';
      if (match[1] || NPM_SCRIPT_SHORTHANDS.has(name)) named.push({ name, line: index + 1 });
    }
  });
  return named;
}

/**
 * Every `npm run X` the docs name is a script of package.json; every script is in the README's
 * Commands table, or in `leftOut` with its reason.
 */
export function checkCommands(
  docs: readonly Source[],
  readmePath: string,
  packageJson: Source,
  leftOut: Readonly<Record<string, string>> = SCRIPTS_LEFT_OUT_OF_COMMANDS,
): Problem[] {
  const problems: Problem[] = [];
  const scripts = Object.keys((JSON.parse(packageJson.text) as { scripts?: object }).scripts ?? {});
  const scriptLine = (name: string) =>
    packageJson.text.split('\n').findIndex((line) => line.includes(`"${name}":`)) + 1;
  for (const doc of docs) {
    for (const { name, line } of scriptsNamed(doc.text)) {
      if (!scripts.includes(name))
        problems.push({
          file: doc.path,
          line,
          message: `"npm run ${name}": package.json has no script "${name}"`,
        });
    }
  }
  const readme = docs.find((doc) => doc.path === readmePath);
  const commands = readme && section(readme.text, 'Commands');
  const table = commands && tableHeaded(commands.lines.join('\n'), 'Command');
  if (!table)
    return [
      ...problems,
      { file: readmePath, line: 1, message: 'no "Commands" section with a table headed "Command"' },
    ];
  const listed = new Set(table.flatMap((row) => scriptsNamed(row.cells[0] ?? '').map(({ name }) => name)));
  for (const name of scripts) {
    if (!listed.has(name) && !(name in leftOut))
      problems.push({
        file: packageJson.path,
        line: scriptLine(name),
        message: `script "${name}" is missing from the README's Commands table (or SCRIPTS_LEFT_OUT_OF_COMMANDS, with why)`,
      });
  }
  for (const name of Object.keys(leftOut)) {
    if (!scripts.includes(name))
      problems.push({
        file: packageJson.path,
        line: 1,
        message: `SCRIPTS_LEFT_OUT_OF_COMMANDS names "${name}", which package.json has no more`,
      });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Params: the README's param table against every define*('NAME' in the functions' config.

/** Every param and secret the config declares (`defineString('NAME'`, `defineSecret('NAME'`, ...). */
export function declaredParams(config: Source): { name: string; line: number }[] {
  return [...config.text.matchAll(/\bdefine[A-Z]\w*\(\s*['"`]([A-Z][A-Z0-9_]*)['"`]/g)].map((match) => ({
    name: match[1] ?? '',
    line: lineAt(config.text, match.index),
  }));
}

/** The Configuration section's table headed "Param" has one row per declared param or secret, and no other. */
export function checkParams(readme: Source, config: Source): Problem[] {
  const configuration = section(readme.text, 'Configuration');
  const rows = configuration && tableHeaded(configuration.lines.join('\n'), 'Param');
  if (!configuration || !rows)
    return [
      {
        file: readme.path,
        line: 1,
        message: 'no param table (a table headed "Param") under "Configuration"',
      },
    ];
  const documented = firstColumn(rows, configuration.start);
  const declared = declaredParams(config);
  return [
    ...declared
      .filter(({ name }) => !documented.some((row) => row.name === name))
      .map(({ name, line }) => ({
        file: config.path,
        line,
        message: `param ${name} is missing from the README's param table`,
      })),
    ...documented
      .filter(({ name }) => !declared.some((param) => param.name === name))
      .map(({ name, line }) => ({
        file: readme.path,
        line,
        message: `the param table lists ${name}, which ${config.path} does not declare`,
      })),
  ];
}

// ---------------------------------------------------------------------------------------------
// Layout: the README's Layout block against the folders of the tree.

/**
 * The folders whose every subfolder the Layout block must show: the repository's top level, and
 * the functions' source, whose folders are the floors the functions stand on.
 */
export const LAYOUT_FOLDERS: readonly string[] = ['', 'functions/src/'];

/** The subfolders of `parent` (`''` for the top level) in the file list, hidden ones left out. */
function foldersUnder(files: readonly string[], parent: string): string[] {
  const names = new Set<string>();
  for (const file of files) {
    if (!file.startsWith(parent)) continue;
    const rest = file.slice(parent.length).split('/');
    if (rest.length > 1 && rest[0] && !rest[0].startsWith('.')) names.add(rest[0]);
  }
  return [...names].sort();
}

/**
 * The Layout block's entries: the first word of each line that starts in an entry column (the top
 * level at column 0, its parts indented two), as paths from the repository root.
 */
export function layoutEntries(readme: Source): { path: string; line: number }[] | null {
  const layout = section(readme.text, 'Layout');
  if (!layout) return null;
  const open = layout.lines.findIndex((line) => line.startsWith('```'));
  const close = layout.lines.findIndex((line, index) => index > open && line.startsWith('```'));
  if (open < 0 || close < 0) return null;
  const entries: { path: string; line: number }[] = [];
  let parent = '';
  layout.lines.slice(open + 1, close).forEach((text, index) => {
    const line = layout.start + open + index + 2;
    const indent = text.length - text.trimStart().length;
    const word = (text.trim().split(/\s+/)[0] ?? '').replace(/[,;]$/, '');
    if (!word || indent > 2) return;
    if (indent === 0) parent = word.endsWith('/') ? word : '';
    entries.push({ path: indent === 0 ? word : parent + word, line });
  });
  return entries;
}

/** Every subfolder of LAYOUT_FOLDERS is in the Layout block, and every entry of the block is in the tree. */
export function checkLayout(
  readme: Source,
  files: readonly string[],
  folders: readonly string[] = LAYOUT_FOLDERS,
): Problem[] {
  const entries = layoutEntries(readme);
  if (!entries) return [{ file: readme.path, line: 1, message: 'no "Layout" section with a code block' }];
  const blockLine = (entries[0]?.line ?? 2) - 1;
  const problems: Problem[] = [];
  for (const entry of entries) {
    const inTree = new RegExp(`^${globSource(entry.path)}${entry.path.endsWith('/') ? '' : '(/|$)'}`);
    if (!files.some((file) => inTree.test(file)))
      problems.push({
        file: readme.path,
        line: entry.line,
        message: `Layout names ${entry.path}, which is not in the tree`,
      });
  }
  for (const parent of folders) {
    for (const folder of foldersUnder(files, parent)) {
      const path = `${parent}${folder}/`;
      if (!entries.some((entry) => entry.path.startsWith(path)))
        problems.push({
          file: readme.path,
          line: blockLine,
          message: `Layout leaves out the folder ${path}`,
        });
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Functions: the README's table of functions against the functions' entry point's exports.

/**
 * The names a module exports as values: `export const|let|function|class NAME` and the names of
 * `export { a, b as c }` lists (type-only ones left out), each with its line.
 */
export function exportedNames(module: Source): { name: string; line: number }[] {
  const code = blankComments(module);
  const names: { name: string; line: number }[] = [];
  for (const match of code.matchAll(
    /^export\s+(?:async\s+)?(?:const|let|var|function\*?|class)\s+([\w$]+)/gm,
  ))
    names.push({ name: match[1] ?? '', line: lineAt(code, match.index) });
  for (const match of code.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const element of (match[1] ?? '').split(',')) {
      const name = /^\s*(?!type\s)[\w$]+(?:\s+as\s+([\w$]+))?\s*$/.exec(element);
      const exported = name && (name[1] ?? element.trim());
      if (exported) names.push({ name: exported, line: lineAt(code, match.index) });
    }
  }
  return names.sort((one, other) => one.line - other.line);
}

/** The README's table headed "Function" has one row per export of the entry point, and no other. */
export function checkFunctions(readme: Source, entryPoint: Source): Problem[] {
  const rows = tableHeaded(readme.text, 'Function');
  if (!rows)
    return [{ file: readme.path, line: 1, message: 'no table of the functions (a table headed "Function")' }];
  const listed = firstColumn(rows);
  const exported = exportedNames(entryPoint);
  return [
    ...exported
      .filter(({ name }) => !listed.some((row) => row.name === name))
      .map(({ name, line }) => ({
        file: entryPoint.path,
        line,
        message: `function ${name} is missing from the README's table of functions`,
      })),
    ...listed
      .filter(({ name }) => !exported.some((fn) => fn.name === name))
      .map(({ name, line }) => ({
        file: readme.path,
        line,
        message: `the table of functions lists ${name}, which ${entryPoint.path} does not export`,
      })),
  ];
}

// ---------------------------------------------------------------------------------------------
// Paths: every repository path a doc or a code comment names is in the tree.

/** Code whose comments are read; Markdown is read in its code spans and code blocks. */
const COMMENTED_CODE = /\.(ts|tsx|js|mjs|cjs|css)$/;

/** Files made to be wrong (the checks' fixtures) are inputs, not docs. */
const isFixture = (path: string) => /(^|\/)fixtures\//.test(path);

/** The files whose named paths are checked: every Markdown file, and the code under the given folders. */
export function documentedFiles(files: readonly string[], codeFolders: readonly string[]): string[] {
  return files.filter(
    (file) =>
      !isFixture(file) &&
      (file.endsWith('.md') ||
        (COMMENTED_CODE.test(file) && codeFolders.some((folder) => file.startsWith(folder)))),
  );
}

type Part = { text: string; offset: number };

/** How much of the code before a `/` the regular-expression test reads (the longest keyword and spaces). */
const CODE_KEPT = 40;

/** The characters that may start a comment, a string, a template, a pattern, or end a template's code. */
const SPECIAL = /[/'"`{}]/g;

/** After these a `/` starts a regular expression, not a division. */
const REGEX_AFTER =
  /(^|[(,=:[!&|?{};+\-*%<>~^]|\b(return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await))\s*$/;

/**
 * The comments of a script or a stylesheet, each with the offset it starts at. A small scanner:
 * strings, template literals (with their `${}` code) and regular expressions are stepped over, so
 * a `//` inside one is not a comment. (JSX text is read as code: an apostrophe there ends at the line.)
 */
export function comments(source: Source): Part[] {
  const text = source.text;
  const found: Part[] = [];
  if (source.path.endsWith('.css')) {
    for (const match of text.matchAll(/\/\*[\s\S]*?\*\//g))
      found.push({ text: match[0], offset: match.index });
    return found;
  }
  // What each open `{` belongs to: code, or the `${` of a template literal.
  const braces: ('code' | 'template')[] = [];
  let code = '';
  let index = 0;
  const skipQuoted = (quote: string) => {
    index += 1;
    while (index < text.length && text[index] !== quote && text[index] !== '\n')
      index += text[index] === '\\' ? 2 : 1;
    index += 1;
  };
  const skipTemplate = () => {
    while (index < text.length) {
      const char = text[index];
      if (char === '\\') index += 2;
      else if (char === '`') return void (index += 1);
      else if (char === '$' && text[index + 1] === '{') {
        braces.push('template');
        return void (index += 2);
      } else index += 1;
    }
  };
  while (index < text.length) {
    const char = text[index] ?? '';
    const next = text[index + 1];
    if (char === '/' && next === '/') {
      const end = text.indexOf('\n', index);
      const stop = end < 0 ? text.length : end;
      found.push({ text: text.slice(index, stop), offset: index });
      index = stop;
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', index + 2);
      const stop = end < 0 ? text.length : end + 2;
      found.push({ text: text.slice(index, stop), offset: index });
      index = stop;
    } else if (char === '"' || char === "'") {
      skipQuoted(char);
      code += ' 0';
    } else if (char === '`') {
      index += 1;
      skipTemplate();
      code += ' 0';
    } else if (char === '/' && REGEX_AFTER.test(code.slice(-CODE_KEPT))) {
      let inClass = false;
      index += 1;
      while (index < text.length && text[index] !== '\n') {
        const inside = text[index];
        if (inside === '\\') index += 1;
        else if (inside === '[') inClass = true;
        else if (inside === ']') inClass = false;
        else if (inside === '/' && !inClass) break;
        index += 1;
      }
      index += 1;
      code += ' 0';
    } else if (char === '{' || char === '}') {
      if (char === '{') braces.push('code');
      else if (braces.pop() === 'template') {
        index += 1;
        skipTemplate();
        code += ' 0';
        continue;
      }
      code = (code + char).slice(-CODE_KEPT);
      index += 1;
    } else {
      // Plain code up to the next character that may start or end something.
      SPECIAL.lastIndex = index + 1;
      const stop = SPECIAL.exec(text)?.index ?? text.length;
      code = (code + text.slice(index, stop)).slice(-CODE_KEPT);
      index = stop;
    }
  }
  return found;
}

/** The source with every comment's characters made spaces (lines kept), for reading its code. */
function blankComments(source: Source): string {
  let code = source.text;
  for (const comment of comments(source))
    code =
      code.slice(0, comment.offset) +
      comment.text.replace(/[^\n]/g, ' ') +
      code.slice(comment.offset + comment.text.length);
  return code;
}

/** The parts of a Markdown text that name things: code spans, and the lines of code blocks. */
function markdownNames(text: string): Part[] {
  const parts: Part[] = [];
  let inBlock = false;
  let offset = 0;
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('```')) inBlock = !inBlock;
    else if (inBlock) parts.push({ text: line, offset });
    else
      for (const match of line.matchAll(/`[^`]+`/g))
        parts.push({ text: match[0], offset: offset + match.index });
    offset += line.length + 1;
  }
  return parts;
}

/**
 * The extensions the repository's own sources are written in. A bare name with one (`phone.ts`) is a
 * file of the tree; a bare `priya.json` or `mail.html` is as often what a command writes or an
 * object's member, so other extensions count only with a folder (`web/index.html`).
 */
const SOURCE_EXTENSIONS = new Set(['ts', 'tsx', 'mts', 'cts', 'css', 'md', 'rules']);

/**
 * What counts as a path: a word of path characters that either starts with a top-level entry of the
 * tree and has a `/` (`web/src/content`, `functions/src/contract/`), or is a lowercase file name, as
 * the repository's are, with an extension some file of the tree has (`lib/firebase.ts`; without a
 * folder, one of SOURCE_EXTENSIONS: `phone.ts`). Not a path: an address (`/inbox`, `https://...`,
 * `www.google.com/recaptcha/api.js`), an import alias or a package (`@contract/...`,
 * `firebase-functions/params`), a template (`<id>`, `${...}`, `{a,b}`), or a call (`response.json()`).
 */
function pathsIn(text: string, topLevel: ReadonlySet<string>, extensions: ReadonlySet<string>): Part[] {
  const found: Part[] = [];
  for (const match of text.matchAll(/[\w@.*/-]+/g)) {
    const word = match[0].replace(/[.,;:]+$/, '');
    const before = text[match.index - 1] ?? '';
    const after = text[match.index + match[0].length] ?? '';
    if (/[<{$:/\\]/.test(before) || /[<>{}(]/.test(after) || word.startsWith('/') || word.startsWith('@'))
      continue;
    if (word.startsWith('.') && !word.startsWith('./') && !word.startsWith('../')) continue;
    const segments = word.split('/');
    const first = segments[0] ?? '';
    if (segments.length > 1 && /^[\w-]+(\.[\w-]+)+$/.test(first) && !topLevel.has(first)) continue; // a host
    const name = segments[segments.length - 1] || (segments[segments.length - 2] ?? '');
    const extension = /\.([a-z0-9]+)$/.exec(name)?.[1];
    const fromTop = segments.length > 1 && topLevel.has(first);
    const fileName =
      extension !== undefined &&
      (segments.length > 1 ? extensions.has(extension) : SOURCE_EXTENSIONS.has(extension)) &&
      /^[a-z0-9*][a-z0-9.*_-]*$/.test(name) &&
      /[a-z]/.test(name.split('.')[0] ?? '');
    if (fromTop || fileName) found.push({ text: word, offset: match.index });
  }
  return found;
}

/** A path with `./` and `../` worked out, or null when it climbs above the root. */
function normalise(path: string): string | null {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '.') continue;
    if (segment !== '..') out.push(segment);
    else if (out.pop() === undefined) return null;
  }
  return out.join('/');
}

/**
 * A named path is in the tree when it resolves from the naming file's folder, from the root, or as
 * the tail of a tracked path (`lib/firebase.ts`, `inbox/api/`: docs name a file from its
 * nearest telling folder); a `*` stands for any part of one name (`use-*.ts`). Paths .gitignore
 * keeps out of the tree (built output, local files) are not checked.
 */
export function checkPaths(
  sources: readonly Source[],
  files: readonly string[],
  ignored: (path: string) => boolean = () => false,
): Problem[] {
  const topLevel = new Set(files.map((file) => file.split('/')[0] ?? ''));
  const extensions = new Set(files.flatMap((file) => /\.([a-z0-9]+)$/.exec(file)?.[1] ?? []));
  // Every tail of every file and folder path, so a file or folder named from any of its folders resolves.
  const tails = new Set<string>();
  for (const file of files) {
    const segments = file.split('/');
    for (let start = 0; start < segments.length; start += 1) {
      tails.add(segments.slice(start).join('/'));
      for (let end = start + 1; end < segments.length; end += 1)
        tails.add(`${segments.slice(start, end).join('/')}/`);
    }
  }
  const exists = (path: string) => tails.has(path) || tails.has(`${path}/`);
  const matchesGlob = (path: string) => {
    const tail = new RegExp(`(^|/)${globSource(path)}${path.endsWith('/') ? '' : '(/|$)'}`);
    return files.some((file) => tail.test(file));
  };
  const problems: Problem[] = [];
  for (const source of sources) {
    const folder = source.path.slice(0, source.path.lastIndexOf('/') + 1);
    const parts = source.path.endsWith('.md') ? markdownNames(source.text) : comments(source);
    for (const part of parts) {
      for (const named of pathsIn(part.text, topLevel, extensions)) {
        const path = named.text;
        // A relative path that does not resolve from its file shows how one is spelt: its tail must exist.
        const tail = path.replace(/^(\.\.?\/)+/, '');
        const resolved = [normalise(folder + path), tail].filter((candidate) => candidate !== null);
        if (resolved.some(ignored) || resolved.some(exists) || (path.includes('*') && matchesGlob(path)))
          continue;
        problems.push({
          file: source.path,
          line: lineAt(source.text, part.offset + named.offset),
          message: `names ${path}, which is not in the tree`,
        });
      }
    }
  }
  return problems;
}

/**
 * Whether .gitignore keeps a path out of the tree (built output, local files): a pattern without a
 * slash matches any folder or name of the path, one with a slash matches from the root, as in git.
 */
export function gitignoreMatcher(gitignore: string): (path: string) => boolean {
  const patterns = gitignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
    .map((line) => {
      const body = line.replace(/\/$/, '');
      return { regex: new RegExp(`^${globSource(body)}$`), anchored: body.includes('/') };
    });
  return (path) => {
    const segments = path.replace(/\/$/, '').split('/');
    return patterns.some(({ regex, anchored }) =>
      anchored
        ? segments.some((_, end) => regex.test(segments.slice(0, end + 1).join('/')))
        : segments.some((segment) => regex.test(segment)),
    );
  };
}

// ---------------------------------------------------------------------------------------------
// Links: every relative Markdown link reaches a file of the tree, and its #anchor a heading there.

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
export const headingAnchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let inBlock = false;
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('```')) inBlock = !inBlock;
    else if (!inBlock && /^#{1,6}\s/.test(line)) anchors.add(headingAnchor(line.replace(/^#+\s*/, '')));
  }
  return anchors;
}

/** Relative links (`[text](../README.md#layout)`, `[text](#layout)`) reach a file of the tree and a heading of it. */
export function checkLinks(docs: readonly Source[], files: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  for (const doc of docs) {
    const folder = doc.path.slice(0, doc.path.lastIndexOf('/') + 1);
    // Code is not a link: code blocks and spans are blanked, lines kept.
    const prose = doc.text
      .replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ' '))
      .replace(/`[^`\n]+`/g, (span) => ' '.repeat(span.length));
    for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1] ?? '';
      // An address (https:, mailto:) or a page of the site (/enquiry) is not a file.
      if (/^[a-z][a-z+.-]*:/i.test(target) || target.startsWith('/')) continue;
      const [file = '', anchor] = target.split('#');
      const path = file ? normalise(folder + file) : doc.path;
      const line = lineAt(doc.text, match.index);
      const linked = path === null ? undefined : docs.find((source) => source.path === path);
      if (
        path === null ||
        (!files.includes(path) && !files.some((tracked) => tracked.startsWith(`${path}/`)))
      )
        problems.push({ file: doc.path, line, message: `links to ${target}, which is not in the tree` });
      else if (anchor && linked && !anchorsOf(linked.text).has(anchor))
        problems.push({
          file: doc.path,
          line,
          message: `links to ${target}, but ${path} has no such heading`,
        });
    }
  }
  return problems;
}
