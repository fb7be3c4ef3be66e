// first: V8's settings apply to everything loaded after them
import './runtime-flags';
import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const { app, close } = await buildApp(config);
await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`Sapwood ${config.APP_VERSION} is listening on http://localhost:${config.PORT}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void close().finally(() => process.exit(0));
  });
}
