// Process entry: configuration, database (migrated on open), seed, listen, and a
// graceful shutdown that tells WebSocket clients to reconnect.
import { buildApp } from './app';
import { loadConfig, paymentsConfigured } from './config';
import { closeDatabase } from './db/client';
import { createDeps } from './deps';
import { seed } from './seed';

async function main() {
  const config = loadConfig();
  const deps = await createDeps(config);
  const app = await buildApp(deps);
  deps.log = app.log;
  await seed(deps);
  if (!paymentsConfigured(config)) {
    app.log.warn('No payment provider configured: plans activate without charge (set STRIPE_* to enable Stripe).');
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(`\n  Dinohunt is ready at http://${shown}:${config.PORT}  (API docs: /api/docs)\n`);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await closeDatabase(deps.db);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
