/**
 * `npm run mutate`: StrykerJS with the vitest runner over the rule modules (issue 25). Never part of
 * `npm test` or CI: a full run takes minutes per module on this machine. Incremental: a rerun only
 * tests mutants in code or tests that changed since `.stryker-incremental.json` was written.
 */
import { ruleModules } from './scripts/mutation-budget.mjs';

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts', related: true },
  mutate: ruleModules.map((module) => module.file),
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: '.tmp/stryker-incremental.json',
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: '.tmp/mutation/report.json' },
  htmlReporter: { fileName: '.tmp/mutation/report.html' },
  tempDirName: '.tmp/stryker',
  concurrency: 2,
  timeoutMS: 20_000,
  thresholds: { high: 95, low: 90, break: null },
  // Static mutants (the machine tables: confirm, destructive, form) are rules written as data: keep them.
  ignoreStatic: false,
  // Stryker rewrites the tsconfig's `extends` and `references` for its sandbox with TypeScript's
  // compiler API, which TypeScript 7 does not have; ours has neither, so point it at no file.
  tsconfigFile: '.tmp/no-tsconfig.json',
};
