#!/usr/bin/env node
/**
 * `npm run mutate [-- file …] [--ignoreStatic]`: runs StrykerJS over the rule modules (or the ones named), then
 * prints each file's mutation score beside its budget. Exits non-zero when one is under budget.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ruleModules, scoreTable } from './mutation-budget.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Options (`--ignoreStatic` for a quick look that skips the table-shaped mutants) go to Stryker.
const passThrough = process.argv.slice(2).filter((argument) => argument.startsWith('--'));
const named = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const modules =
  named.length === 0 ? ruleModules : ruleModules.filter((module) => named.includes(module.file));
if (modules.length === 0) {
  process.stderr.write(
    `mutate: none of ${named.join(', ')} is a rule module of scripts/mutation-budget.mjs\n`,
  );
  process.exit(2);
}

const stryker = path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js');
const run = spawnSync(
  process.execPath,
  [stryker, 'run', '--mutate', modules.map((m) => m.file).join(','), ...passThrough],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (run.status !== 0) process.exit(run.status ?? 1);

const report = JSON.parse(readFileSync(path.join(root, '.tmp/mutation/report.json'), 'utf8'));
const rows = scoreTable(report, modules);
const width = Math.max(...rows.map((row) => row.file.length));
process.stdout.write(`\n${'rule module'.padEnd(width)}   score   budget   killed/mutants\n`);
for (const row of rows) {
  const score = row.missing ? '   —  ' : `${row.score.toFixed(1).padStart(5)} %`;
  const counts = row.missing ? 'not mutated' : `${row.detected}/${row.total}`;
  const mark = row.under ? '  under budget' : '';
  process.stdout.write(`${row.file.padEnd(width)}   ${score}   ≥ ${row.budget} %   ${counts}${mark}\n`);
}
process.exit(rows.some((row) => row.under) ? 1 : 0);
