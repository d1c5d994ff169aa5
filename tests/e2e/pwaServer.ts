/**
 * A static server for the PWA tests, run by the test itself (not Playwright's webServer) so a test
 * can cut the network honestly (every request fails, the service worker's own fetches included)
 * and swap the served build for a newer one at the same origin, as a deployment does.
 * Serves like `vite preview`: files as they are, any other path the single-page shell.
 */
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { CONTENT_TYPES } from '../../scripts/contentTypes';
import { keepIdleConnections } from '../../scripts/idleConnections';

export interface PwaServer {
  url: string;
  /** Serve another build from now on (same origin, so the service worker sees an update). */
  setRoot(dir: string): void;
  /** Every request fails at the connection, like a van out of coverage. */
  down(): void;
  up(): void;
  /** Paths requested since the last call, to prove what reached the network. */
  takeRequests(): string[];
  /** Holds every request for `path` until the returned function is called: a link that stalls. */
  hold(path: string): () => void;
  close(): Promise<void>;
}

/** A test server listening on a free port of 127.0.0.1, that can drop every connection at once. */
async function listening(server: Server, what: string): Promise<{ port: number; dropAll(): void; close(): Promise<void> }> {
  keepIdleConnections(server);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error(`${what} has no port`);
  // Kept-alive ones too, as the team-sync server closes (scripts/syncServer.ts).
  const dropAll = () => server.closeAllConnections();
  const close = () =>
    new Promise<void>((ok) => {
      dropAll();
      server.close(() => ok());
    });
  return { port: address.port, dropAll, close };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export async function startPwaServer(rootDir: string): Promise<PwaServer> {
  let root = resolve(rootDir);
  let isDown = false;
  let requests: string[] = [];
  const held = new Map<string, Promise<void>>();

  const server: Server = createServer(async (req, res) => {
    if (isDown) {
      req.socket.destroy();
      return;
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    await held.get(pathname);
    const candidate = normalize(join(root, pathname));
    const inside = candidate === root || candidate.startsWith(root + sep);
    const file = inside && (await isFile(candidate)) ? candidate : extname(pathname) ? null : join(root, 'index.html');
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const body = await readFile(file);
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    res.end(body);
  });
  const { port, dropAll, close } = await listening(server, 'server');

  return {
    url: `http://127.0.0.1:${port}`,
    setRoot: (dir) => {
      root = resolve(dir);
    },
    down: () => {
      isDown = true;
      dropAll();
    },
    up: () => {
      isDown = false;
    },
    takeRequests: () => {
      const taken = requests;
      requests = [];
      return taken;
    },
    hold: (path) => {
      let release = () => {};
      held.set(path, new Promise<void>((ok) => (release = ok)));
      return () => {
        held.delete(path);
        release();
      };
    },
    close,
  };
}

export interface ImageProxy {
  url: string;
  /** `source` values asked for since the last call. */
  takeSources(): string[];
  down(): void;
  close(): Promise<void>;
}

/**
 * A stand-in for the JPEG2000 image proxy (docs/requirements.md#req-call-images) at another origin: answers
 * `?source=<line>/<camera>/<image>.jp2[.32|.8|.4|.2]` with the embedded photo of that scale, and,
 * like many proxies, without CORS headers (the page sees opaque images).
 */
export async function startImageProxy(outDir: string): Promise<ImageProxy> {
  let isDown = false;
  let sources: string[] = [];
  const server = createServer(async (req, res) => {
    if (isDown) {
      req.socket.destroy();
      return;
    }
    const source = new URL(req.url ?? '/', 'http://x').searchParams.get('source') ?? '';
    sources.push(source);
    const match = /^(\d+)\/(Cam\d\d)\/([\w-]+)\.jp2(?:\.(32|8|4|2))?$/.exec(source);
    const file = match && join(resolve(outDir), 'photos', match[1], match[2], `${match[3]}.${match[4] ?? 'full'}.jpg`);
    if (!file || !(await isFile(file))) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'no-cache' }).end(await readFile(file));
  });
  const { port, dropAll, close } = await listening(server, 'proxy');
  return {
    // `localhost`, not 127.0.0.1: a different origin from the console, as a real proxy is.
    url: `http://localhost:${port}/convert`,
    takeSources: () => {
      const taken = sources;
      sources = [];
      return taken;
    },
    down: () => {
      isDown = true;
      dropAll();
    },
    close,
  };
}
