#!/usr/bin/env node
/**
 * `npm test`: every check of the project in one run, in order, carrying on after failures.
 *
 *   typecheck, lint → unit (vitest) → api on the embedded database → api on a throw-away
 *   PostgreSQL (when its server binaries are installed) → build (vite) → e2e (Playwright).
 *
 * Each runner writes a JSON report that is tallied; the very last line printed is
 * `tests: N passed, M failed, K skipped`, which CI reads. The exit code is non-zero when anything
 * failed. `npm test -- --only unit,api` or `--skip e2e` run a selection.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { findFreePort } from './free-port.mjs';
import { findPostgresBinaries, startThrowawayPostgres } from './throwaway-postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportsDir = path.join(root, '.tmp', 'test-reports');
const bin = {
  tsc: path.join(root, 'node_modules/typescript/bin/tsc'),
  biome: path.join(root, 'node_modules/@biomejs/biome/bin/biome'),
  vitest: path.join(root, 'node_modules/vitest/vitest.mjs'),
  vite: path.join(root, 'node_modules/vite/bin/vite.js'),
  playwright: path.join(root, 'node_modules/@playwright/test/cli.js'),
  tsx: path.join(root, 'node_modules/tsx/dist/cli.mjs'),
};
const CHROMIUM = '/usr/bin/chromium';
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const MINUTE = 60_000;

/** Children log without ANSI colours; Node warns when NO_COLOR and FORCE_COLOR are both set. */
function childEnvironment(extra = {}) {
  const environment = { ...process.env, NO_COLOR: '1', ...extra };
  delete environment.FORCE_COLOR;
  return environment;
}

function say(message) {
  process.stdout.write(`${message}\n`);
}

function banner(title) {
  say(`\n━━━ ${title} ${'━'.repeat(Math.max(3, 70 - title.length))}`);
}

// ── Running children ────────────────────────────────────────────────────────────────────────────

/** The child running now: on Ctrl-C or SIGTERM we stop its whole process group by its PID. */
let current;
const cleanups = new Set();

/**
 * Runs a command in its own process group (so vitest's forks, Playwright's web server and the
 * browser go with it), streaming its output. Resolves with the exit code; a timeout kills the group.
 */
function run(command, args, { env = childEnvironment(), timeoutMs = 10 * MINUTE } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    current = child;
    const flushOut = relayWithoutColours(child.stdout, process.stdout);
    const flushErr = relayWithoutColours(child.stderr, process.stderr);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      say(`\n!! ${path.basename(command)} ${args[0] ?? ''} ran over ${timeoutMs / MINUTE} min: stopping it`);
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref();
    }, timeoutMs);
    child.on('error', (error) => {
      say(`!! could not start ${command}: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      flushOut();
      flushErr();
      current = undefined;
      resolve({ code: code ?? (signal ? 1 : 0), timedOut });
    });
  });
}

/**
 * Copies a child's output line by line without ANSI escapes: some tools (Vite's bundler) colour
 * their messages even with NO_COLOR, and CI logs are read as plain text. Returns a final flush.
 */
function relayWithoutColours(source, target) {
  let pending = '';
  source.setEncoding('utf8');
  source.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    if (lines.length > 0) target.write(`${stripVTControlCharacters(lines.join('\n'))}\n`);
  });
  return () => {
    if (pending) target.write(`${stripVTControlCharacters(pending)}\n`);
    pending = '';
  };
}

function killGroup(child, signal) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

async function stopEverything(signal) {
  say(`\n!! ${signal}: stopping`);
  if (current) killGroup(current, 'SIGTERM');
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  process.exit(130);
}
process.once('SIGINT', () => void stopEverything('SIGINT'));
process.once('SIGTERM', () => void stopEverything('SIGTERM'));

// ── Reading reports ─────────────────────────────────────────────────────────────────────────────

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A step that is one check (typecheck, lint, build): one test, passed or failed. */
function single(exit) {
  const passed = exit.code === 0 && !exit.timedOut;
  return { passed: passed ? 1 : 0, failed: passed ? 0 : 1, skipped: 0, notes: [] };
}

/**
 * Vitest's JSON report. A file that fails to load has no test results, so it counts as one
 * failure; a non-zero exit with nothing failed (an unhandled error, a crash) counts as one too.
 */
function vitestTally(report, exit) {
  if (!report) return { passed: 0, failed: 1, skipped: 0, notes: ['no JSON report was written'] };
  const notes = [];
  let failed = report.numFailedTests ?? 0;
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed').length;
    if (file.status === 'failed' && failedTests === 0) {
      failed += 1;
      notes.push(`${path.relative(root, file.name)}: ${(file.message ?? 'failed to run').split('\n')[0]}`);
    }
  }
  if ((exit.code !== 0 || exit.timedOut) && failed === 0) {
    failed = 1;
    notes.push(exit.timedOut ? 'timed out' : `vitest exited with code ${exit.code}`);
  }
  const failures = (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .flatMap((test) => [
        `failed: ${path.relative(root, file.name)} ${test.fullName}`,
        `  ${errorSummary(test.failureMessages?.[0])}`,
      ]),
  );
  notes.push(
    ...failures.slice(0, 2 * FAILURES_NAMED),
    ...(failures.length > 2 * FAILURES_NAMED ? ['  …'] : []),
  );
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    notes,
  };
}

/** Playwright's JSON report: flaky tests passed on retry and count as passed (and are named). */
function playwrightTally(report, exit) {
  if (!report?.stats) return { passed: 0, failed: 1, skipped: 0, notes: ['no JSON report was written'] };
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  const notes = (report.errors ?? []).map((error) => (error.message ?? String(error)).split('\n')[0]);
  let failed = unexpected;
  if (failed === 0 && (notes.length > 0 || exit.code !== 0 || exit.timedOut)) {
    failed = 1;
    if (notes.length === 0)
      notes.push(exit.timedOut ? 'timed out' : `playwright exited with code ${exit.code}`);
  }
  if (flaky > 0) notes.push(`${flaky} flaky (passed on retry)`);
  notes.push(...failureLines(report));
  return { passed: expected + flaky, failed, skipped, notes };
}

/** CI keeps only the tail of the output: the summary names each test that failed and why. */
const FAILURES_NAMED = 8;

/** The first lines of an error (what failed, and the locator or values it names), on one line. */
function errorSummary(message) {
  const lines = String(message ?? '')
    .split('\n')
    .map((text) => text.trim())
    .filter((text) => text !== '' && !text.startsWith('at '));
  return lines.slice(0, 3).join(' · ').slice(0, 300);
}

function playwrightSpecs(suite) {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(playwrightSpecs)];
}

/** Failed and flaky browser tests with the first line of each attempt's error. */
function failureLines(report) {
  const lines = [];
  for (const spec of (report.suites ?? []).flatMap(playwrightSpecs)) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const errors = (test.results ?? [])
        .filter((result) => result.status !== 'passed' && result.status !== 'skipped')
        .map((result) => errorSummary(result.error?.message ?? result.errors?.[0]?.message ?? result.status));
      lines.push(`${test.status === 'flaky' ? 'flaky' : 'failed'}: ${spec.file}:${spec.line} ${spec.title}`);
      for (const error of errors) lines.push(`  ${error}`);
    }
  }
  return lines.length > 2 * FAILURES_NAMED ? [...lines.slice(0, 2 * FAILURES_NAMED), '  …'] : lines;
}

function vitestArguments(name, extra) {
  const reportFile = path.join(reportsDir, `${name}.json`);
  rmSync(reportFile, { force: true });
  return {
    reportFile,
    args: [
      bin.vitest,
      'run',
      ...extra,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
    ],
  };
}

/**
 * How long one vitest step may run before it is taken for hung. The API tests on PGlite took 7 min 52 s
 * on one 2-core machine and over 15 min on another (an AMD EPYC, where every figure of the bench is
 * about half as fast), so the limit leaves room for the slower kind.
 */
const VITEST_STEP_LIMIT = 25 * MINUTE;

async function vitestStep(name, extra, env) {
  const { reportFile, args } = vitestArguments(name, extra);
  const exit = await run(process.execPath, args, { env, timeoutMs: VITEST_STEP_LIMIT });
  return vitestTally(readJson(reportFile), exit);
}

// ── Browser ─────────────────────────────────────────────────────────────────────────────────────

function isRoot() {
  return process.getuid?.() === 0;
}

/** Debian's Chromium and CJK fonts: installed with apt-get when missing and we are root. */
async function ensureBrowser() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!existsSync(CJK_FONT)) missing.push('fonts-noto-cjk');
  if (missing.length === 0) return undefined;
  if (!isRoot()) {
    return `${missing.join(' and ')} missing: run \`sudo apt-get install -y ${missing.join(' ')}\` (or run the tests as root)`;
  }
  say(`Installing ${missing.join(' ')} with apt-get…`);
  const env = childEnvironment({ DEBIAN_FRONTEND: 'noninteractive' });
  const update = await run('apt-get', ['update'], { env, timeoutMs: 5 * MINUTE });
  if (update.code !== 0) return 'apt-get update failed';
  const install = await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    env,
    timeoutMs: 10 * MINUTE,
  });
  if (install.code !== 0 || !existsSync(CHROMIUM)) return `apt-get install ${missing.join(' ')} failed`;
  return undefined;
}

// ── Steps ───────────────────────────────────────────────────────────────────────────────────────

const state = { buildFailed: false };

const steps = [
  {
    name: 'typecheck',
    title: 'Typecheck (tsc --noEmit)',
    run: async () =>
      single(await run(process.execPath, [bin.tsc, '--noEmit', '-p', '.'], { timeoutMs: 5 * MINUTE })),
  },
  {
    name: 'lint',
    title: 'Lint and format (biome check), then the import layering (scripts/check-imports.ts)',
    run: async () => {
      const biome = await run(process.execPath, [bin.biome, 'check', '--colors=off', '.'], {
        timeoutMs: 5 * MINUTE,
      });
      const layering = await run(process.execPath, [bin.tsx, 'scripts/check-imports.ts'], {
        timeoutMs: MINUTE,
      });
      return single(biome.code !== 0 || biome.timedOut ? biome : layering);
    },
  },
  {
    name: 'unit',
    title: 'Unit tests (vitest)',
    run: () => vitestStep('unit', ['--passWithNoTests']),
  },
  {
    name: 'api',
    title: 'API tests on the embedded database (PGlite)',
    run: () =>
      vitestStep('api', ['--config', 'vitest.api.config.ts'], childEnvironment({ TEST_DATABASE_URL: '' })),
  },
  {
    name: 'api-pg',
    title: 'API tests on a throw-away PostgreSQL',
    run: async () => {
      const binaries = findPostgresBinaries();
      if (!binaries) {
        say('No PostgreSQL server binaries under /usr/lib/postgresql: skipped (apt-get install postgresql).');
        return { passed: 0, failed: 0, skipped: 0, notes: ['no PostgreSQL binaries: not run'] };
      }
      let server;
      try {
        server = await startThrowawayPostgres({ binaries });
      } catch (error) {
        say(`!! ${error.message}`);
        return { passed: 0, failed: 1, skipped: 0, notes: ['could not start PostgreSQL'] };
      }
      cleanups.add(server.stop);
      say(`PostgreSQL from ${binaries} on ${server.url} (pid ${server.pid})`);
      try {
        return await vitestStep(
          'api-pg',
          ['--config', 'vitest.api.config.ts'],
          childEnvironment({ TEST_DATABASE_URL: server.url }),
        );
      } finally {
        await server.stop();
        cleanups.delete(server.stop);
        say('PostgreSQL stopped and its folder removed.');
      }
    },
  },
  {
    name: 'build',
    title: 'Build the app (vite build)',
    run: async () => {
      const result = single(await run(process.execPath, [bin.vite, 'build'], { timeoutMs: 10 * MINUTE }));
      state.buildFailed = result.failed > 0;
      return result;
    },
  },
  {
    name: 'e2e',
    title: 'Browser tests (Playwright, Chromium)',
    run: async () => {
      if (state.buildFailed) {
        say(
          'The build failed, so there is no app to test: skipped (the build is already counted as failed).',
        );
        return { passed: 0, failed: 0, skipped: 0, notes: ['not run: the build failed'] };
      }
      if (!existsSync(path.join(root, 'dist', 'index.html'))) {
        say('No dist/index.html: run the build step first (npm test -- --only build,e2e).');
        return { passed: 0, failed: 1, skipped: 0, notes: ['no build to test'] };
      }
      const problem = await ensureBrowser();
      if (problem) {
        say(`!! ${problem}`);
        return { passed: 0, failed: 1, skipped: 0, notes: [problem] };
      }
      const reportFile = path.join(reportsDir, 'e2e.json');
      rmSync(reportFile, { force: true });
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
      const removeDataDir = async () => rmSync(dataDir, { recursive: true, force: true });
      cleanups.add(removeDataDir);
      try {
        const env = childEnvironment({
          PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
          E2E_PORT: String(await findFreePort()),
          E2E_DATA_DIR: dataDir,
        });
        const exit = await run(process.execPath, [bin.playwright, 'test', '--reporter=list,json'], {
          env,
          // Above playwright.config.ts's globalTimeout, so that Playwright ends the run and reports it.
          timeoutMs: 38 * MINUTE,
        });
        return playwrightTally(readJson(reportFile), exit);
      } finally {
        await removeDataDir();
        cleanups.delete(removeDataDir);
      }
    },
  },
];

// ── Main ────────────────────────────────────────────────────────────────────────────────────────

function parseSelection(argv) {
  const pick = (flag) => {
    const index = argv.findIndex((argument) => argument === flag || argument.startsWith(`${flag}=`));
    if (index === -1) return undefined;
    const value = argv[index].includes('=') ? argv[index].split('=')[1] : argv[index + 1];
    return new Set((value ?? '').split(',').filter(Boolean));
  };
  const only = pick('--only');
  const skip = pick('--skip') ?? new Set();
  const known = new Set(steps.map((step) => step.name));
  for (const name of [...(only ?? []), ...skip]) {
    if (!known.has(name)) {
      say(`Unknown step "${name}". Steps: ${[...known].join(', ')}`);
      process.exit(2);
    }
  }
  return steps.filter((step) => (only ? only.has(step.name) : true) && !skip.has(step.name));
}

function formatDuration(milliseconds) {
  const seconds = milliseconds / 1000;
  return seconds < 60
    ? `${seconds.toFixed(1)} s`
    : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

async function main() {
  const selected = parseSelection(process.argv.slice(2));
  mkdirSync(reportsDir, { recursive: true });
  const started = Date.now();
  const results = [];
  for (const step of selected) {
    banner(step.title);
    const stepStarted = Date.now();
    let tally;
    try {
      tally = await step.run();
    } catch (error) {
      say(`!! ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      tally = { passed: 0, failed: 1, skipped: 0, notes: ['the step itself crashed'] };
    }
    results.push({ step, tally, milliseconds: Date.now() - stepStarted });
  }

  banner('Summary');
  for (const { step, tally, milliseconds } of results) {
    const figures = `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
    say(
      `${tally.failed > 0 ? 'FAIL' : 'ok  '} ${step.name.padEnd(10)} ${figures.padEnd(36)} ${formatDuration(milliseconds)}`,
    );
    for (const note of tally.notes) say(`       ${note}`);
  }
  say(`Total time ${formatDuration(Date.now() - started)}`);
  const sum = (key) => results.reduce((total, { tally }) => total + tally[key], 0);
  const failed = sum('failed');
  process.exitCode = failed > 0 ? 1 : 0;
  say(`tests: ${sum('passed')} passed, ${failed} failed, ${sum('skipped')} skipped`);
}

await main();
