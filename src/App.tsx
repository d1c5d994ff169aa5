/**
 * The router: every route of the table in src/app/routes.tsx, behind its guard (docs/requirements.md#req-roles):
 * anonymous visitors go to /login with a `redirect` query; /logout and Page Not Found work in any
 * state; /projects… and /surveys exist only with their flags. An error boundary holds the routes
 * (going to another path draws afresh) and one more the whole shell (issue 19): an uncaught error
 * shows what happened, never a white page.
 */
import type { ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { MAIN_PAGES, ROUTES, routeAt, type AppRoute } from './app/routes';
import { Layout } from './shell/Layout';
import { PRODUCT_NAME } from './shell/Logo';
import { RequireFlag, RequireLogin } from './shell/RouteGuard';
import { WhenReady } from './shell/WhenReady';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { NotFoundPage } from './pages/NotFoundPage';

/** Starts loading the page a path opens before the first render needs it. */
export function preloadFirstPage(pathname: string): void {
  routeAt(pathname)?.page.preload();
}

/** The header's destinations, fetched when the browser is idle so the first visit is instant. */
export function preloadMainPages(): void {
  for (const page of MAIN_PAGES) page.preload();
}

function Guarded({ route, children }: { route: AppRoute; children: ReactNode }) {
  const page = route.flag ? <RequireFlag flag={route.flag}>{children}</RequireFlag> : children;
  if (route.access === 'user') {
    return (
      <RequireLogin>
        <WhenReady>{page}</WhenReady>
      </RequireLogin>
    );
  }
  if (route.access === 'user-now') return <RequireLogin>{page}</RequireLogin>;
  return <>{page}</>;
}

/**
 * Names the browser tab (and the window of the installed app) after the section on screen, so
 * people with many tabs, and screen readers announcing a new page, know where they are. React 19
 * hoists the element into the head, ahead of index.html's own title.
 */
function DocumentTitle() {
  const [location] = useLocation();
  const section = routeAt(location)?.title;
  return <title>{section ? `${section} · ${PRODUCT_NAME}` : PRODUCT_NAME}</title>;
}

export function App() {
  return (
    <ErrorBoundary scope="app">
      <Layout>
        <DocumentTitle />
        <Pages />
      </Layout>
    </ErrorBoundary>
  );
}

/** The page of the path, inside the pages' error boundary (a page whose code fails to load is caught there too). */
function Pages() {
  const [location] = useLocation();
  return (
    <ErrorBoundary resetKey={location} scope="page">
      <Switch>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path}>
            {(params) => {
              const page = route.render(params);
              return page === null ? <NotFoundPage /> : <Guarded route={route}>{page}</Guarded>;
            }}
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </ErrorBoundary>
  );
}
