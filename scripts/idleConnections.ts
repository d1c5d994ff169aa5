/**
 * How long the console's servers keep an idle connection open: a minute, not Node's 5 s. A client
 * with a pool of kept-alive connections that reads no Keep-Alive hint (Node's http.Agent, as
 * Playwright's requests and scripts use) can send on a connection in the instant the server closes
 * it, and gets "socket hang up" for a request the server never saw. Browsers retry such a request
 * on their own; scripts do not.
 */
export const IDLE_CONNECTION_MS = 65_000;

/** Keeps a Node HTTP server's idle connections open IDLE_CONNECTION_MS (headers may take a second longer). */
export function keepIdleConnections(server: { keepAliveTimeout: number; headersTimeout: number }): void {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
}
