/**
 * The app, started by main.tsx once the engine worker is on its way: connects to the worker,
 * raises its notices as flashes, notes the person's input (so navigation keeps the flash of the
 * action that caused it), and renders the app inside the Fluent theme and a history-mode router.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { FluentProvider, RendererProvider } from '@fluentui/react-components';
import { Router } from 'wouter';
import { engineClient } from './engine/client';
import { noteUserInput, showFlash } from './app/flash';
import { appTheme } from './theme';
import { styleRenderer } from './security/styleNonce';
import { keepSampleData } from './pwa/register';
import { App, preloadFirstPage, preloadMainPages } from './App';

const client = engineClient();
// An anonymous visitor is about to be sent to /login: that is the page to fetch.
preloadFirstPage(client.model.current.loggedIn ? location.pathname : '/login');
client.model.onNotice(showFlash);
// Once the worker holds the whole world: the service worker keeps all.json for offline use, and
// the header's pages are fetched when the page is idle (fetched at the boot's answer, their code
// was evaluated beside the first rows and held them back; docs/views.md#the-users-path).
void client.loaded.then(() => {
  keepSampleData();
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => preloadMainPages());
  else setTimeout(preloadMainPages, 1000);
});
window.addEventListener('pointerdown', noteUserInput, { capture: true });
window.addEventListener('keydown', noteUserInput, { capture: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// A transition: the shell's first render runs in time slices (a default-priority render is one
// task, and Fluent's styles make it a long one on a slow machine).
const app = createRoot(root);
startTransition(() =>
  app.render(
    <StrictMode>
      <RendererProvider renderer={styleRenderer} targetDocument={document}>
        <FluentProvider theme={appTheme} style={{ minHeight: '100vh' }}>
          <Router>
            <App />
          </Router>
        </FluentProvider>
      </RendererProvider>
    </StrictMode>,
  ),
);
