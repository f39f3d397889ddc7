/**
 * `npm run bench`: measures what the budgets are about and prints each figure beside its budget.
 * Never part of `npm test`. Later issues add their sections to SECTIONS (or their calls to
 * LOAD_TARGETS in bench/api-load.ts). `npm run bench -- --only bundle` runs sections whose title
 * contains the word; `--strict` exits non-zero when a figure is over its budget; `--baseline <commit>`
 * also drives that commit's server in the API sections, each figure named "before:" (bench/baseline.ts).
 */
import { embeddedLoadSection, postgresLoadSection } from './api-load';
import { bundleSection } from './bundle-size';
import { stopEverything } from './cleanup';
import { type BenchSection, type Figure, formatTable, verdict } from './figures';
import { flashSaleSection } from './flash-sale';
import { goodsListRenderSection } from './goods-list/goods-list-bench';
import { goodsVolumeSection } from './goods-volume';
import { orderVolumeSection } from './order-volume';
import { studioVsPuckSection } from './studio-vs-puck';

const SECTIONS: BenchSection[] = [
  bundleSection,
  embeddedLoadSection,
  postgresLoadSection,
  orderVolumeSection,
  goodsVolumeSection,
  goodsListRenderSection,
  studioVsPuckSection,
  flashSaleSection,
];

/** The whole run stays bounded even if a server hangs. */
const DEADLINE_MILLISECONDS = 15 * 60_000;

function selectedSections(argv: string[]): BenchSection[] {
  const index = argv.indexOf('--only');
  const words = index === -1 ? [] : (argv[index + 1] ?? '').toLowerCase().split(',').filter(Boolean);
  if (words.length === 0) return SECTIONS;
  return SECTIONS.filter((section) => words.some((word) => section.title.toLowerCase().includes(word)));
}

async function main() {
  const argv = process.argv.slice(2);
  const abort = async (reason: string) => {
    console.error(`\n${reason}: stopping the servers.`);
    await stopEverything();
    process.exit(2);
  };
  const deadline = setTimeout(
    () => void abort(`The bench ran over ${DEADLINE_MILLISECONDS / 60_000} minutes`),
    DEADLINE_MILLISECONDS,
  );
  deadline.unref();
  process.once('SIGINT', () => void abort('Interrupted'));
  process.once('SIGTERM', () => void abort('Terminated'));

  const started = performance.now();
  const results: { title: string; figures: Figure[] }[] = [];
  for (const section of selectedSections(argv)) {
    console.log(`… ${section.title}`);
    const sectionStarted = performance.now();
    let figures: Figure[];
    try {
      figures = await section.run();
    } catch (error) {
      figures = [
        {
          figure: 'error',
          value: undefined,
          unit: '',
          note: error instanceof Error ? error.message : String(error),
        },
      ];
    }
    console.log(`  done in ${((performance.now() - sectionStarted) / 1000).toFixed(1)} s`);
    results.push({ title: section.title, figures });
  }

  console.log(`\n${formatTable(results)}\n`);
  const over = results.flatMap((result) => result.figures).filter((figure) => verdict(figure) === 'over');
  console.log(
    `${over.length === 0 ? 'All budgets met' : `${over.length} over budget: ${over.map((figure) => figure.figure).join('; ')}`} (${(
      (performance.now() - started) / 1000
    ).toFixed(0)} s)`,
  );
  if (argv.includes('--strict') && over.length > 0) process.exitCode = 1;
}

await main();
