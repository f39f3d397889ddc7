import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ensureAppBuilt } from './build-app';
import { ConfigError, loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { TableUpkeep, vacuumAll } from './db/table-upkeep';
import { startSweepTimer } from './jobs/sweep-timer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const startedAt = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const say = (message: string) => console.log(message);
  if (config.payment.developmentKey) {
    console.warn(
      'SECRETS_KEY is not set: payment secrets are sealed with the fixed development key. Set SECRETS_KEY (openssl rand -hex 32) before real merchant keys are entered.',
    );
  }
  if (!config.payment.platformMerchant || !config.sms) {
    console.warn(
      `Sandbox: ${[
        config.payment.platformMerchant
          ? ''
          : 'SMS and data packages are paid in the sandbox (PLATFORM_WECHATPAY_* unset)',
        config.sms ? '' : 'messages are recorded, not sent (TENCENT_SMS_* unset)',
      ]
        .filter(Boolean)
        .join('; ')}.`,
    );
  }
  const staticDir =
    process.env.SKIP_APP_BUILD === '1'
      ? (process.env.APP_DIST_DIR ?? path.join(root, 'dist'))
      : await ensureAppBuilt(root, say);
  if (config.storage.kind === 'local') mkdirSync(config.storage.directory, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);
  const { seeded, logins } = await seedDatabase(database.db, config);
  if (seeded) await vacuumAll(database.db);
  const app = await buildApp({ services: { db: database.db, config }, staticDir });
  const sweeps = startSweepTimer(
    database.db,
    config.sweepIntervalSeconds,
    app.log,
    database.kind === 'pglite' ? new TableUpkeep() : undefined,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A request stuck longer than this is cut off rather than holding the process forever.
    setTimeout(() => {
      app.log.error('shutdown took over 20 s; exiting with requests unfinished');
      process.exit(1);
    }, 20_000).unref();
    // Stop listening at once: a sweep still under way (the first one starts with the server, and
    // the database no longer holds up the HTTP thread meanwhile) finishes beside the last requests.
    await Promise.all([sweeps.stop(), app.close()]);
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host}:${config.port}/`;
  const lines = [
    '',
    `  Shop back-office is running at ${url}`,
    `  Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}${seeded ? ', demo data seeded' : ''}`,
    `  Started in ${Math.round(performance.now() - startedAt)} ms`,
    '',
    `  Demo logins (password: ${config.adminPasswordGenerated || !process.env.ADMIN_PASSWORD ? config.adminPassword : 'the ADMIN_PASSWORD you set'}):`,
    ...logins.map(
      (login) =>
        `    ${login.userName.padEnd(8)} ${login.kind.padEnd(5)} ${login.site}  ${new URL(login.loginPage, url).href}`,
    ),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
