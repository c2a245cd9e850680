// Process entry: configuration, database (migrated on open), seed, listen, and a
// graceful shutdown that tells WebSocket clients to reconnect.
import { buildApp } from './app';
import { loadConfig, paymentsConfigured } from './config';
import { createDeps } from './deps';
import { describeMailDelivery } from './mail/transport';
import { seed } from './seed';
import { installGracefulShutdown } from './shutdown';

async function main() {
  const config = loadConfig();
  const deps = await createDeps(config);
  const app = await buildApp(deps);
  deps.log = app.log;
  await seed(deps);
  if (!paymentsConfigured(config)) {
    app.log.warn('No payment provider configured: plans activate without charge (set STRIPE_* to enable Stripe).');
  }
  // Where mail goes (issue #45): without SMTP_URL, into this log and the admin's development outbox.
  if (config.SMTP_URL) app.log.info(describeMailDelivery(config));
  else app.log.warn(describeMailDelivery(config));
  if (config.SMTP_URL && !config.PUBLIC_URL && config.NODE_ENV === 'production') {
    app.log.warn('PUBLIC_URL is unset: mailed links use the address each request was sent to (its Host header). Set PUBLIC_URL (decision 992).');
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  // SIGTERM/SIGINT: /readyz 503, drain, stop accepting, 1012 to sockets, finish in-flight writes, exit 0
  // (decision 898). Installed before the ready line, which a supervisor may act on.
  installGracefulShutdown(app, deps, { drainMs: config.SHUTDOWN_DRAIN_MS, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(`\n  Dinohunt is ready at http://${shown}:${config.PORT}  (API docs: /api/docs)\n`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
