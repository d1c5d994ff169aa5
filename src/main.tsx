/**
 * Entry point. The engine worker starts first, and only then is the app evaluated: the worker
 * reads the store while the page's modules load, instead of after them. The app's chunks are
 * already being fetched (index.html names them as modulepreloads, vite.config.ts); they are
 * evaluated in steps, React, then the header (most of Fluent), then the rest of the app, each in
 * its own task: the whole graph in one task was a long task beside a busy worker (docs/views.md#the-users-path).
 */
import './engine/engineWorker';
import './base.css';

/** A task boundary between two steps. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('./shell/Header');
  await nextTask();
  await import('./startApp');
}

start().catch((error: unknown) => {
  // No React yet to show it: a page that cannot start says so, never a white page.
  const root = document.getElementById('root');
  if (!root) return;
  root.className = 'start-failure';
  root.setAttribute('role', 'alert');
  root.textContent = `The console could not start (${error instanceof Error ? error.message : String(error)}). Reload the page to try again.`;
});
