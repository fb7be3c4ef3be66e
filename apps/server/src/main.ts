// first: V8's settings apply to everything loaded after them
import './runtime-flags';
import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const { app, close } = await buildApp(config);
await app.listen({ port: config.PORT, host: config.HOST });
// PORT=0 takes a port the system picks: the log line and a parent process (tests, benchmarks) learn which one
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
app.log.info(`Sapwood ${config.APP_VERSION} is listening on http://localhost:${port}`);
if (process.send) {
  process.send({ sapwood: 'listening', port });
  // the channel must not keep the process alive on its own
  process.channel?.unref();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void close().finally(() => process.exit(0));
  });
}
