/**
 * Every route of SPEC §2 with its guard (§6): anonymous visitors go to /login with a `redirect`
 * query; /login is anonymous-only; /logout and Page Not Found work in any state; /projects… and
 * /surveys exist only with their flags. Pages load lazily so the first load stays small.
 */
import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { paths } from './app/paths';
import { Layout } from './shell/Layout';
import { BootSpinner } from './shell/BootSpinner';
import { RequireFlag, RequireLogin } from './shell/RouteGuard';
import { WhenReady } from './shell/WhenReady';
import { decodeParam, lineParam } from './shell/routeParams';
import { lazyPage } from './shell/lazyPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { HELP_PAGES, type HelpPageName } from './pages/help/helpPages';

const LoginPage = lazyPage(() => import('./pages/auth/LoginPage'));
const LogoutPage = lazyPage(() => import('./pages/auth/LogoutPage'));
const HomePage = lazyPage(() => import('./pages/home/HomePage'));
const HelpPage = lazyPage(() => import('./pages/help/HelpPage'));
const SettingsPage = lazyPage(() => import('./pages/settings/SettingsPage'));
const ProjectsPage = lazyPage(() => import('./pages/projects/ProjectsPage'));
const ProjectDetailPage = lazyPage(() => import('./pages/projects/ProjectDetailPage'));
const CapturesPage = lazyPage(() => import('./pages/captures/CapturesPage'));
const CaptureDetailPage = lazyPage(() => import('./pages/captures/CaptureDetailPage'));
const CaptureQcPage = lazyPage(() => import('./pages/captures/CaptureQcPage'));
const SurveysPage = lazyPage(() => import('./pages/surveys/SurveysPage'));
const SurveyQcPage = lazyPage(() => import('./pages/qc/SurveyQcPage'));
const ImageViewerPage = lazyPage(() => import('./pages/qc/ImageViewerPage'));
const MediaPage = lazyPage(() => import('./pages/media/MediaPage'));
const DrivesPage = lazyPage(() => import('./pages/drives/DrivesPage'));

/** Which page a path opens, to start loading it before the first render needs it. */
const FIRST_PAGES: [RegExp, { preload: () => void }][] = [
  [/^\/login$/, LoginPage],
  [/^\/$/, HomePage],
  [/^\/help(\/|$)/, HelpPage],
  [/^\/settings$/, SettingsPage],
  [/^\/projects$/, ProjectsPage],
  [/^\/projects\/[^/]+$/, ProjectDetailPage],
  [/^\/captures$/, CapturesPage],
  [/^\/captures\/[^/]+\/qc$/, CaptureQcPage],
  [/^\/captures\/[^/]+(\/(surveys|flight-plans))?$/, CaptureDetailPage],
  [/^\/surveys$/, SurveysPage],
  [/^\/surveys\/[^/]+\/qc$/, SurveyQcPage],
  [/^\/surveys\/[^/]+\/qc\/.+/, ImageViewerPage],
  [/^\/media$/, MediaPage],
  [/^\/drives$/, DrivesPage],
];

export function preloadFirstPage(pathname: string): void {
  FIRST_PAGES.find(([pattern]) => pattern.test(pathname))?.[1].preload();
}

/** The header's destinations, fetched when the browser is idle so the first visit is instant. */
export function preloadMainPages(): void {
  for (const page of [HomePage, CapturesPage, CaptureDetailPage, MediaPage, DrivesPage, HelpPage, SettingsPage]) page.preload();
}

/** A page that needs a signed-in user and the engine's data. */
function Private({ children }: { children: ReactNode }) {
  return (
    <RequireLogin>
      <WhenReady>{children}</WhenReady>
    </RequireLogin>
  );
}

function isHelpPage(name: string | undefined): name is HelpPageName {
  return HELP_PAGES.some((p) => p.name === name && p.name !== 'overview');
}

export function App() {
  return (
    <Layout>
      <Suspense fallback={<BootSpinner label="Loading…" />}>
        <Switch>
          <Route path="/login">
            <LoginPage />
          </Route>
          <Route path="/logout">
            <LogoutPage />
          </Route>
          <Route path="/">
            <Private>
              <HomePage />
            </Private>
          </Route>
          <Route path="/help">
            <Private>
              <HelpPage page="overview" />
            </Private>
          </Route>
          <Route path="/help/:page">
            {({ page }) =>
              isHelpPage(page) ? (
                <Private>
                  <HelpPage page={page} />
                </Private>
              ) : (
                <NotFoundPage />
              )
            }
          </Route>
          <Route path="/projects">
            <Private>
              <RequireFlag flag="projects">
                <ProjectsPage />
              </RequireFlag>
            </Private>
          </Route>
          <Route path="/projects/:pid">
            {({ pid }) => (
              <Private>
                <RequireFlag flag="projects">
                  <ProjectDetailPage projectId={decodeParam(pid)} />
                </RequireFlag>
              </Private>
            )}
          </Route>
          <Route path="/captures">
            <Private>
              <CapturesPage />
            </Private>
          </Route>
          <Route path="/captures/:cid">
            {({ cid }) => (
              <RequireLogin>
                <Redirect to={paths.capture(decodeParam(cid), 'surveys')} replace />
              </RequireLogin>
            )}
          </Route>
          <Route path="/captures/:cid/surveys">
            {({ cid }) => (
              <Private>
                <CaptureDetailPage captureId={decodeParam(cid)} tab="surveys" />
              </Private>
            )}
          </Route>
          <Route path="/captures/:cid/flight-plans">
            {({ cid }) => (
              <Private>
                <CaptureDetailPage captureId={decodeParam(cid)} tab="flight-plans" />
              </Private>
            )}
          </Route>
          <Route path="/captures/:cid/qc">
            {({ cid }) => (
              <Private>
                <CaptureQcPage captureId={decodeParam(cid)} />
              </Private>
            )}
          </Route>
          <Route path="/surveys">
            <Private>
              <RequireFlag flag="surveys">
                <SurveysPage />
              </RequireFlag>
            </Private>
          </Route>
          <Route path="/surveys/:sid/qc">
            {({ sid }) => (
              <Private>
                <SurveyQcPage surveyId={decodeParam(sid)} />
              </Private>
            )}
          </Route>
          <Route path="/surveys/:sid/qc/:line/:camera/:image">
            {({ sid, line, camera, image }) => {
              const lineNo = lineParam(line);
              if (lineNo === null) return <NotFoundPage />;
              return (
                <Private>
                  <ImageViewerPage
                    surveyId={decodeParam(sid)}
                    line={lineNo}
                    camera={decodeParam(camera)}
                    image={decodeParam(image)}
                  />
                </Private>
              );
            }}
          </Route>
          <Route path="/media">
            <Private>
              <MediaPage />
            </Private>
          </Route>
          <Route path="/drives">
            <Private>
              <DrivesPage />
            </Private>
          </Route>
          <Route path="/settings">
            <Private>
              <SettingsPage />
            </Private>
          </Route>
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
    </Layout>
  );
}
