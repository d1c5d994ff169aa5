/**
 * A laptop's export as two laptops of one team world must agree on it (docs/history.md#sync):
 * without when it saved the file (`savedAt`), and each history entry without when this laptop
 * learnt of it (`arrivedAt`, a laptop's own). `keep` also keeps `loadedAt`, which a laptop that
 * joined later has of its own.
 */
export function comparableExport(text: string, { loadedAt = true }: { loadedAt?: boolean } = {}): Record<string, unknown> {
  const { savedAt: _s, loadedAt: loaded, history, ...world } = JSON.parse(text) as Record<string, unknown> & { history?: { entries?: Record<string, unknown>[] } };
  if (loadedAt) world.loadedAt = loaded;
  if (history) world.history = { ...history, entries: (history.entries ?? []).map(({ arrivedAt: _a, ...entry }) => entry) };
  return world;
}
