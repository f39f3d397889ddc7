/**
 * The rule modules that `npm run mutate` mutates, each with the share of mutants its unit tests must
 * kill. Every later route group adds its pure rules here (coupon and points limits, activity prices,
 * commission maths, freight).
 */
export const ruleModules = [
  { file: 'contract/state-machine.ts', budget: 90 },
  { file: 'contract/machines/goods.ts', budget: 90 },
  { file: 'contract/machines/order.ts', budget: 90 },
  { file: 'contract/link-value.ts', budget: 90 },
  { file: 'contract/list-query.ts', budget: 90 },
  { file: 'contract/envelope-rules.ts', budget: 90 },
  { file: 'contract/template/operations.ts', budget: 90 },
  { file: 'contract/template/publish-check.ts', budget: 90 },
  { file: 'admin/orders/supervision/order-rules.ts', budget: 90 },
  { file: 'admin/goods/sku-table.ts', budget: 90 },
  { file: 'contract/pricing.ts', budget: 90 },
  { file: 'contract/member-rules.ts', budget: 90 },
  { file: 'server/areas/order/stock-rules.ts', budget: 90 },
  { file: 'contract/freight.ts', budget: 90 },
  { file: 'contract/store-rules.ts', budget: 90 },
  { file: 'contract/timed-state.ts', budget: 90 },
  { file: 'contract/seckill-sessions.ts', budget: 90 },
  { file: 'contract/bargain-cut.ts', budget: 90 },
  { file: 'contract/machines/deals.ts', budget: 90 },
  { file: 'contract/points.ts', budget: 90 },
  { file: 'contract/machines/points-exchange.ts', budget: 90 },
  { file: 'contract/commission.ts', budget: 90 },
  { file: 'contract/machines/distribution.ts', budget: 90 },
  { file: 'contract/coupon-rules.ts', budget: 90 },
  { file: 'contract/coupon-code.ts', budget: 90 },
];

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/**
 * A file's mutation score from a mutation-testing-report (Stryker's JSON report): detected mutants
 * over detected and undetected ones; mutants that did not compile, or that are marked equivalent
 * with a `// Stryker disable` comment, count on neither side.
 */
export function mutationScore(mutants) {
  let detected = 0;
  let undetected = 0;
  for (const mutant of mutants) {
    if (DETECTED.has(mutant.status)) detected += 1;
    else if (UNDETECTED.has(mutant.status)) undetected += 1;
  }
  const total = detected + undetected;
  return { detected, undetected, total, score: total === 0 ? 100 : (detected / total) * 100 };
}

/** One line per rule module: its score beside its budget, and whether it is under. */
export function scoreTable(report, modules = ruleModules) {
  return modules.map((module) => {
    const entry = report.files[module.file];
    if (!entry) return { ...module, missing: true, under: true };
    const score = mutationScore(entry.mutants);
    return { ...module, ...score, under: score.score < module.budget };
  });
}
