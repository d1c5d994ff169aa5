/**
 * The route table (docs/requirements.md#req-routes): for every path pattern, the page it shows, its tab title, who may open
 * it (docs/requirements.md#req-roles) and the flag it needs. The router's Switch, the first page's preload and the document
 * title all read this one table. Pages load lazily so the first load stays small.
 */
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { Flags } from '../../worker/domain/types';
import { lazyPage } from '../shell/lazyPage';
import { decodeParam, lineParam } from '../shell/routeParams';
import { HELP_PAGES, type HelpPageName } from '../pages/help/helpPages';
import { PATTERNS, paths, patternAt } from './paths';

const LoginPage = lazyPage(() => import('../pages/auth/LoginPage'));
const LogoutPage = lazyPage(() => import('../pages/auth/LogoutPage'));
const HomePage = lazyPage(() => import('../pages/home/HomePage'));
const HelpPage = lazyPage(() => import('../pages/help/HelpPage'));
const SettingsPage = lazyPage(() => import('../pages/settings/SettingsPage'));
const ConflictsPage = lazyPage(() => import('../pages/sync/ConflictsPage'));
const TeamPage = lazyPage(() => import('../pages/team/TeamPage'));
const ProjectsPage = lazyPage(() => import('../pages/projects/ProjectsPage'));
const ProjectDetailPage = lazyPage(() => import('../pages/projects/ProjectDetailPage'));
const CapturesPage = lazyPage(() => import('../pages/captures/CapturesPage'));
const CaptureDetailPage = lazyPage(() => import('../pages/captures/CaptureDetailPage'));
const CaptureQcPage = lazyPage(() => import('../pages/captures/CaptureQcPage'));
const SurveysPage = lazyPage(() => import('../pages/surveys/SurveysPage'));
const SurveyQcPage = lazyPage(() => import('../pages/qc/SurveyQcPage'));
const ImageViewerPage = lazyPage(() => import('../pages/qc/ImageViewerPage'));
const MediaPage = lazyPage(() => import('../pages/media/MediaPage'));
const DrivesPage = lazyPage(() => import('../pages/drives/DrivesPage'));
const HistoryPage = lazyPage(() => import('../pages/history/HistoryPage'));

type Params = Record<string, string | undefined>;

export interface AppRoute {
  path: string;
  /** The browser tab's (and installed window's) name for the section. */
  title: string;
  /**
   * `anyone`: any state (login sends a signed-in user on by itself); `user`: a signed-in user and
   * the engine's data; `user-now`: a signed-in user, without waiting for the data (a redirect).
   */
  access: 'anyone' | 'user' | 'user-now';
  /** Off, the route does not exist (Page Not Found). */
  flag?: keyof Pick<Flags, 'projects' | 'surveys'>;
  /** The page's code, fetched at once when this is the first route opened. */
  page: { preload: () => void };
  /** The page for the matched parameters; null when they name no page (Page Not Found, any state). */
  render: (params: Params) => ReactNode | null;
}

function isHelpPage(name: string | undefined): name is Exclude<HelpPageName, 'overview'> {
  return HELP_PAGES.some((p) => p.name === name && p.name !== 'overview');
}

export const ROUTES: readonly AppRoute[] = [
  { path: PATTERNS.login, title: 'Sign in', access: 'anyone', page: LoginPage, render: () => <LoginPage /> },
  { path: PATTERNS.logout, title: 'Signing out', access: 'anyone', page: LogoutPage, render: () => <LogoutPage /> },
  { path: PATTERNS.home, title: 'Dashboard', access: 'user', page: HomePage, render: () => <HomePage /> },
  { path: PATTERNS.help, title: 'Help', access: 'user', page: HelpPage, render: () => <HelpPage page="overview" /> },
  {
    path: PATTERNS.helpPage,
    title: 'Help',
    access: 'user',
    page: HelpPage,
    render: ({ page }) => (isHelpPage(page) ? <HelpPage page={page} /> : null),
  },
  { path: PATTERNS.projects, title: 'Projects', access: 'user', flag: 'projects', page: ProjectsPage, render: () => <ProjectsPage /> },
  {
    path: PATTERNS.project,
    title: 'Projects',
    access: 'user',
    flag: 'projects',
    page: ProjectDetailPage,
    render: ({ pid }) => <ProjectDetailPage projectId={decodeParam(pid)} />,
  },
  { path: PATTERNS.captures, title: 'Captures', access: 'user', page: CapturesPage, render: () => <CapturesPage /> },
  {
    path: PATTERNS.capture,
    title: 'Captures',
    access: 'user-now',
    page: CaptureDetailPage,
    render: ({ cid }) => <Redirect to={paths.capture(decodeParam(cid), 'surveys')} replace />,
  },
  {
    path: PATTERNS.captureSurveys,
    title: 'Captures',
    access: 'user',
    page: CaptureDetailPage,
    render: ({ cid }) => <CaptureDetailPage captureId={decodeParam(cid)} tab="surveys" />,
  },
  {
    path: PATTERNS.captureFlightPlans,
    title: 'Captures',
    access: 'user',
    page: CaptureDetailPage,
    render: ({ cid }) => <CaptureDetailPage captureId={decodeParam(cid)} tab="flight-plans" />,
  },
  {
    path: PATTERNS.captureQc,
    title: 'Capture QC',
    access: 'user',
    page: CaptureQcPage,
    render: ({ cid }) => <CaptureQcPage captureId={decodeParam(cid)} />,
  },
  { path: PATTERNS.surveys, title: 'Surveys', access: 'user', flag: 'surveys', page: SurveysPage, render: () => <SurveysPage /> },
  {
    path: PATTERNS.surveyQc,
    title: 'Survey QC',
    access: 'user',
    page: SurveyQcPage,
    render: ({ sid }) => <SurveyQcPage surveyId={decodeParam(sid)} />,
  },
  {
    path: PATTERNS.image,
    title: 'Image',
    access: 'user',
    page: ImageViewerPage,
    render: ({ sid, line, camera, image }) => {
      const lineNo = lineParam(line);
      if (lineNo === null) return null;
      return <ImageViewerPage surveyId={decodeParam(sid)} line={lineNo} camera={decodeParam(camera)} image={decodeParam(image)} />;
    },
  },
  { path: PATTERNS.media, title: 'Media', access: 'user', page: MediaPage, render: () => <MediaPage /> },
  { path: PATTERNS.drives, title: 'Drives', access: 'user', page: DrivesPage, render: () => <DrivesPage /> },
  { path: PATTERNS.surveyHistory, title: 'History', access: 'user', page: HistoryPage, render: ({ sid }) => <HistoryPage of="surveys" id={decodeParam(sid)} /> },
  { path: PATTERNS.captureHistory, title: 'History', access: 'user', page: HistoryPage, render: ({ cid }) => <HistoryPage of="captures" id={decodeParam(cid)} /> },
  { path: PATTERNS.mediaHistory, title: 'History', access: 'user', page: HistoryPage, render: ({ mid }) => <HistoryPage of="media" id={decodeParam(mid)} /> },
  { path: PATTERNS.driveHistory, title: 'History', access: 'user', page: HistoryPage, render: ({ host }) => <HistoryPage of="drives" id={decodeParam(host)} /> },
  { path: PATTERNS.settings, title: 'Settings', access: 'user', page: SettingsPage, render: () => <SettingsPage /> },
  { path: PATTERNS.conflicts, title: 'Conflicts', access: 'user', page: ConflictsPage, render: () => <ConflictsPage /> },
  { path: PATTERNS.team, title: 'Team', access: 'user', page: TeamPage, render: () => <TeamPage /> },
];

/** The route a path opens, matched as the router's Switch matches it (paths.ts `patternAt`). */
export function routeAt(pathname: string): AppRoute | undefined {
  const pattern = patternAt(pathname);
  return pattern === undefined ? undefined : ROUTES.find((route) => route.path === pattern);
}

/** The header's destinations, fetched when the browser is idle so the first visit is instant. */
export const MAIN_PAGES: readonly { preload: () => void }[] = [
  HomePage,
  CapturesPage,
  CaptureDetailPage,
  MediaPage,
  DrivesPage,
  HelpPage,
  SettingsPage,
];
