/**
 * The end-to-end suite's app server (playwright.config.ts): a built app served as `vite preview`
 * serves it, each file as it is with its ETag and `Cache-Control: no-cache`, and any other path
 * the single-page shell, for under half the processor time a request: the suite's 50 000 or so
 * requests share two cores with the browsers they test (docs/testing.md#the-app-server).
 *
 * `node --import tsx scripts/serve-app.ts`, set up from the environment: APP_DIR (default
 * dist-e2e), PORT (default 4317), HOST (default 127.0.0.1).
 */
import express from 'express';
import { resolve } from 'node:path';
import { serveAppFiles } from './appFiles';
import { keepIdleConnections } from './idleConnections';

const root = resolve(process.env.APP_DIR ?? 'dist-e2e');
const port = Number(process.env.PORT ?? 4317);
const host = process.env.HOST ?? '127.0.0.1';

const app = express();
app.disable('x-powered-by');
serveAppFiles(app, root);

const server = app.listen(port, host, () => console.log(`The app in ${root} at http://${host}:${port}`));
keepIdleConnections(server);
