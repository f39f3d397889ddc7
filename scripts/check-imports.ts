/**
 * The architecture check run by `npm run lint`: parses every .ts/.tsx file git tracks or would add with oxc (the
 * parser Vite's rolldown ships), resolves each relative import to a tracked file and applies
 * scripts/import-rules.ts. Exits 1 on any import that breaks the layering and is not listed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'rolldown/utils';
import { IMPORT_EXCEPTIONS, type ImportEdge, type ImportException, importViolation } from './import-rules';

type Specifier = { value: string; kind: ImportEdge['kind'] };

const QUOTED = /^(['"`])(.*)\1$/s;

/** The module paths one file imports; a dynamic import of a computed path cannot be checked. */
export function importSpecifiers(file: string, source: string): Specifier[] {
  const { module } = parseSync(file, source);
  const found: Specifier[] = module.staticImports.map((entry) => ({
    value: entry.moduleRequest.value,
    kind: 'static' as const,
  }));
  for (const exported of module.staticExports) {
    for (const entry of exported.entries) {
      if (entry.moduleRequest) found.push({ value: entry.moduleRequest.value, kind: 'static' });
    }
  }
  for (const dynamic of module.dynamicImports) {
    const literal = QUOTED.exec(source.slice(dynamic.moduleRequest.start, dynamic.moduleRequest.end));
    if (literal?.[2] !== undefined && !literal[2].includes('${'))
      found.push({ value: literal[2], kind: 'dynamic' });
  }
  return found;
}

/** The tracked file a relative specifier names, tried with the extensions the bundler tries. */
export function resolveImport(from: string, specifier: string, tracked: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => tracked.has(candidate)) ?? base;
}

export type CheckResult = {
  violations: Array<ImportEdge & { reason: string }>;
  unusedExceptions: ImportException[];
};

export function checkImports(
  files: ReadonlyMap<string, string>,
  exceptions: readonly ImportException[] = IMPORT_EXCEPTIONS,
): CheckResult {
  const tracked = new Set(files.keys());
  const used = new Set<ImportException>();
  const violations: CheckResult['violations'] = [];
  for (const [from, source] of files) {
    for (const specifier of importSpecifiers(from, source)) {
      const to = resolveImport(from, specifier.value, tracked);
      if (to === null) continue;
      const edge = { from, to, kind: specifier.kind };
      const reason = importViolation(edge);
      if (reason === null) continue;
      const exception = exceptions.find((entry) => entry.from === from && entry.to === to);
      if (exception) used.add(exception);
      else violations.push({ ...edge, reason });
    }
  }
  return { violations, unusedExceptions: exceptions.filter((entry) => !used.has(entry)) };
}

function trackedSources(): Map<string, string> {
  // New files count before their first commit; files deleted but not yet committed do not.
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '*.ts', '*.tsx'],
    {
      encoding: 'utf8',
    },
  );
  const files = new Map<string, string>();
  for (const file of listed.split('\0').filter((name) => name && existsSync(name))) {
    files.set(file, readFileSync(file, 'utf8'));
  }
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { violations, unusedExceptions } = checkImports(trackedSources());
  for (const entry of unusedExceptions) {
    console.warn(`import exception no longer needed, delete it: ${entry.from} -> ${entry.to}`);
  }
  for (const violation of violations) {
    console.error(`${violation.from}: imports ${violation.to}: ${violation.reason} (DESIGN.md §2)`);
  }
  if (violations.length > 0) {
    console.error(`${violations.length} import(s) break the layering`);
    process.exit(1);
  }
}
