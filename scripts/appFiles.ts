/**
 * A built app served as `vite preview` serves it: each file as it is, with its ETag, its content
 * type and `Cache-Control: no-cache`, and any other path the app's own page (its routes are the
 * app's). The suite's app server (scripts/serve-app.ts) and the team-sync server (syncServer.ts)
 * serve the build this one way.
 */
import express, { type Express } from 'express';
import { extname, resolve } from 'node:path';
import { CONTENT_TYPES } from './contentTypes';

export function serveAppFiles(app: Express, dir: string): void {
  const root = resolve(dir);
  const page = resolve(root, 'index.html');
  app.use(
    express.static(root, {
      index: 'index.html',
      setHeaders: (res, path) => {
        const type = CONTENT_TYPES[extname(path)];
        if (type) res.setHeader('content-type', type);
        res.setHeader('cache-control', 'no-cache');
      },
    }),
  );
  app.use((req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? res.setHeader('cache-control', 'no-cache').sendFile(page) : next()));
}
