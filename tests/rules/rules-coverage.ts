/**
 * The Firestore emulator's rules coverage report: every expression of the loaded rules, with the
 * values it took and how often. Unevaluated expressions are listed too, with no values.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firestoreEmulatorOrigin } from '../support/emulator';

export const RULES_COVERAGE_HTML = fileURLToPath(
  new URL('../../artifacts/rules-coverage.html', import.meta.url),
);
export const RULES_COVERAGE_JSON = fileURLToPath(
  new URL('../../artifacts/rules-coverage.json', import.meta.url),
);

type CoverageValue = { value: Record<string, unknown>; count: number };
type CoverageNode = {
  sourcePosition: { line: number; column: number; currentOffset: number; endOffset: number };
  values?: CoverageValue[];
  children?: CoverageNode[];
};
export type RulesCoverageReport = { rules: { files: { content: string }[] }; report?: CoverageNode[] };

export type CoverageSummary = {
  expressions: number;
  evaluated: number;
  /** Boolean expressions, and those seen both true and false. */
  conditions: number;
  conditionsBothWays: number;
  lines: number;
  linesEvaluated: number;
  /** Every expression short of full coverage, as `line:column snippet: what is missing`. */
  gaps: string[];
};

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.text();
}

/**
 * Downloads the report (JSON and the emulator's HTML page) and keeps both in artifacts/. One after
 * the other: the emulator builds each in memory (about 160 MB of text from gigabytes of heap), and
 * both at once pushed its JVM into collecting garbage for minutes on a 2-core machine, or out of
 * memory.
 */
export async function saveRulesCoverage(projectId: string): Promise<RulesCoverageReport> {
  const base = `${firestoreEmulatorOrigin()}/emulator/v1/projects/${projectId}:ruleCoverage`;
  mkdirSync(dirname(RULES_COVERAGE_HTML), { recursive: true });
  const json = await fetchText(base);
  writeFileSync(RULES_COVERAGE_JSON, json);
  writeFileSync(RULES_COVERAGE_HTML, await fetchText(`${base}.html`));
  return JSON.parse(json) as RulesCoverageReport;
}

/**
 * The emulator also lists expressions it did not reach (skipped by short-circuiting, or in a
 * function the request never called) with an empty value or one of kind `undefined`.
 */
function wasEvaluated({ value, count }: CoverageValue): boolean {
  return count > 0 && Object.keys(value).some((kind) => kind !== 'undefined');
}

function flatten(nodes: CoverageNode[]): CoverageNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
}

/** Lines that hold a condition: an `allow … if`, a `return`, or a continued `&&` / `||`. */
export function conditionLines(rulesSource: string): number[] {
  return rulesSource
    .split('\n')
    .map((text, index) => ({ text: text.trim(), line: index + 1 }))
    .filter(({ text }) => /^(return\b|&&|\|\||allow\b.*\bif\b)/.test(text))
    .map(({ line }) => line);
}

export function summariseCoverage(coverage: RulesCoverageReport, rulesSource: string): CoverageSummary {
  const nodes = flatten(coverage.report ?? []);
  const snippet = ({ sourcePosition: { line, column } }: CoverageNode) =>
    `${line}:${column} ${(rulesSource.split('\n')[line - 1] ?? '').slice(column - 1, column + 49).trim()}`;
  const gaps: string[] = [];
  const lines = new Set<number>();
  const linesEvaluated = new Set<number>();
  let evaluated = 0;
  let conditions = 0;
  let conditionsBothWays = 0;
  for (const node of nodes) {
    const values = (node.values ?? []).filter(wasEvaluated);
    lines.add(node.sourcePosition.line);
    if (values.length === 0) {
      gaps.push(`${snippet(node)}: never evaluated`);
      continue;
    }
    evaluated += 1;
    linesEvaluated.add(node.sourcePosition.line);
    // A condition only ever yields booleans; a name like `value` may hold a boolean an attacker sent.
    if (!values.every(({ value }) => 'boolValue' in value)) continue;
    const outcomes = new Set(values.map(({ value }) => value.boolValue));
    conditions += 1;
    if (outcomes.size === 2) conditionsBothWays += 1;
    else gaps.push(`${snippet(node)}: never ${outcomes.has(true) ? 'false' : 'true'}`);
  }
  for (const line of conditionLines(rulesSource)) {
    if (!lines.has(line)) gaps.push(`line ${line}: holds a condition but is missing from the report`);
  }
  return {
    expressions: nodes.length,
    evaluated,
    conditions,
    conditionsBothWays,
    lines: lines.size,
    linesEvaluated: linesEvaluated.size,
    gaps: [...new Set(gaps)],
  };
}
