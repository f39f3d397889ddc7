/** One measured figure: printed with its budget, when it has one. */
export interface Figure {
  figure: string;
  /** Undefined when the figure could not be measured (the note says why). */
  value: number | undefined;
  unit: 'ms' | 'µs' | 'KB' | 'MB' | 'req/s' | 's' | '×' | '';
  /**
   * The figure must stay below (`<`) or at most at (`≤`) `max`; with `min`, above (`>`) or at least
   * at (`≥`) it (a ratio in our favour).
   */
  budget?:
    | { max: number; min?: never; inclusive?: boolean }
    | { min: number; max?: never; inclusive?: boolean };
  note?: string;
}

/** A part of the bench: later issues add theirs to the list in bench/run.ts. */
export interface BenchSection {
  title: string;
  run(): Promise<Figure[]>;
}

export type Verdict = 'ok' | 'over' | 'n/a' | '';

export function verdict(figure: Figure): Verdict {
  if (!figure.budget) return '';
  if (figure.value === undefined) return 'n/a';
  const { max, min, inclusive } = figure.budget;
  const value = figure.value;
  if (min !== undefined) return (inclusive ? value >= min : value > min) ? 'ok' : 'over';
  return (inclusive ? value <= max! : value < max!) ? 'ok' : 'over';
}

function formatNumber(value: number, unit: Figure['unit']): string {
  // A ratio to the floor reads in hundredths (0.74 ×); the floor's own figures in whole or tenths.
  const digits =
    unit === 'req/s' || unit === 'MB' || unit === 'µs' || Number.isInteger(value) || Math.abs(value) >= 100
      ? 0
      : unit === '×' && Math.abs(value) < 10
        ? 2
        : 1;
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

export function formatValue(figure: Figure): string {
  return figure.value === undefined ? '—' : formatNumber(figure.value, figure.unit);
}

export function formatBudget(figure: Figure): string {
  if (!figure.budget) return '';
  const { max, min, inclusive } = figure.budget;
  if (min !== undefined) return `${inclusive ? '≥' : '>'} ${formatNumber(min, figure.unit)}`;
  return `${inclusive ? '≤' : '<'} ${formatNumber(max!, figure.unit)}`;
}

/** A plain-text table: section rows, then figure, value, budget, verdict and note columns. */
export function formatTable(sections: { title: string; figures: Figure[] }[]): string {
  const rows = sections.flatMap((section) =>
    section.figures.map((figure) => [
      figure.figure,
      formatValue(figure),
      formatBudget(figure),
      verdict(figure),
      figure.note ?? '',
    ]),
  );
  const header = ['figure', 'value', 'budget', 'ok?', 'note'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 1 || column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  const rule = '-'.repeat(widths.reduce((total, width) => total + width + 2, -2));
  const output = [line(header), rule];
  for (const section of sections) {
    output.push(`[${section.title}]`);
    for (const figure of section.figures) {
      output.push(
        line([figure.figure, formatValue(figure), formatBudget(figure), verdict(figure), figure.note ?? '']),
      );
    }
  }
  return output.join('\n');
}

/** A figure in a note: `digits` decimals, or a dash when it was not measured. */
export const fixed = (value: number | undefined, digits = 1) =>
  value === undefined ? '—' : value.toFixed(digits);

/** The nearest-rank percentile of a sorted list of durations. */
export function percentile(sorted: readonly number[], fraction: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank];
}

/** `value` as a multiple of `floor`; undefined when either is unknown or the floor is not positive. */
export function ratio(value: number | undefined, floor: number | undefined): number | undefined {
  if (value === undefined || floor === undefined || !(floor > 0)) return undefined;
  return value / floor;
}

/**
 * The middle item by `key` (the lower middle of an even count); undefined for none. Runs under load
 * on a shared machine vary by half between neighbours, so a budget judged on one pair of runs
 * passes or fails by chance; the median of several pairs does not.
 */
export function medianBy<T>(items: readonly T[], key: (item: T) => number): T | undefined {
  const sorted = [...items].sort((left, right) => key(left) - key(right));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Each run's `fraction` percentile and the median of them (the lower middle of an even count):
 * a figure judged over several runs of the same thing. Undefined when any run has no times, since
 * the median of what is left would stand for fewer runs than were made.
 */
export function medianOfPercentiles(
  runs: readonly (readonly number[])[],
  fraction: number,
): { value: number | undefined; each: (number | undefined)[] } {
  const byNumber = (left: number, right: number) => left - right;
  const each = runs.map((times) => percentile([...times].sort(byNumber), fraction));
  const known = each.filter((value): value is number => value !== undefined);
  return {
    value: known.length === each.length ? medianBy(known, (value) => value) : undefined,
    each,
  };
}

/** A response seen under load: when it arrived (from the start of the run) and how long it took. */
export interface Sample {
  atMilliseconds: number;
  milliseconds: number;
}

export interface LatencySummary {
  requests: number;
  p50: number | undefined;
  p99: number | undefined;
}

function summarise(durations: number[]): LatencySummary {
  durations.sort((left, right) => left - right);
  return { requests: durations.length, p50: percentile(durations, 0.5), p99: percentile(durations, 0.99) };
}

/**
 * Splits one run into the connection ramp (responses that arrived before `rampMilliseconds`, while
 * the connections were being opened and the server warmed up) and the steady part after it; `all`
 * is both together.
 */
export function splitRun(
  samples: readonly Sample[],
  rampMilliseconds: number,
): { ramp: LatencySummary; steady: LatencySummary; all: LatencySummary } {
  const ramp: number[] = [];
  const steady: number[] = [];
  for (const sample of samples) {
    (sample.atMilliseconds < rampMilliseconds ? ramp : steady).push(sample.milliseconds);
  }
  return { ramp: summarise(ramp), steady: summarise(steady), all: summarise([...ramp, ...steady]) };
}

/** CPU time a request, in µs, from the process's CPU time (µs) over a number of requests. */
export function cpuPerRequest(cpuMicroseconds: number | undefined, requests: number): number | undefined {
  if (cpuMicroseconds === undefined || requests <= 0) return undefined;
  return cpuMicroseconds / requests;
}
