/**
 * bench:sync's team server in a process of its own (scripts/bench-sync.ts, the server's own
 * measures of issue 53): started by `fork` with `--expose-gc`, with the accounts the bench passes
 * as JSON in BENCH_SYNC_USERS. It sends `{ url, admin }` once it listens, and answers `{ heap: true }`
 * with its heap once collected, in bytes. Bench plumbing: no route of the server.
 */
import { startSyncServer } from '../syncServer';
import type { Account } from '../team/worlds';

const users = JSON.parse(process.env.BENCH_SYNC_USERS ?? '[]') as Account[];
const server = await startSyncServer({ port: 0, users });
const send = (message: unknown) => process.send?.(message);
process.on('message', (message: { heap?: boolean; close?: boolean }) => {
  if (message.heap) {
    (globalThis as { gc?: () => void }).gc?.();
    send({ heap: process.memoryUsage().heapUsed });
  }
  if (message.close) void server.close().then(() => process.exit(0));
});
// The bench gone, the server goes too.
process.on('disconnect', () => void server.close().then(() => process.exit(0)));
send({ url: server.url, admin: server.admin });
