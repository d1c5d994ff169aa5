/**
 * Every route's path pattern (docs/requirements.md#req-routes), and the builders of every in-app path ("exact path shapes
 * for capture tabs are built by helpers"). The router matches the same patterns (src/app/routes.tsx),
 * so a path is written once; components never assemble paths by hand.
 */
import { inject, parse } from 'regexparam';
import { matchRoute } from 'wouter';
import type { Id } from '../../worker/domain/types';
import type { HistoryOf } from '../../worker/screens';

/** The patterns, in wouter's (regexparam's) syntax. */
export const PATTERNS = {
  home: '/',
  login: '/login',
  logout: '/logout',
  help: '/help',
  helpPage: '/help/:page',
  settings: '/settings',
  conflicts: '/conflicts',
  team: '/team',
  projects: '/projects',
  project: '/projects/:pid',
  captures: '/captures',
  capture: '/captures/:cid',
  captureSurveys: '/captures/:cid/surveys',
  captureFlightPlans: '/captures/:cid/flight-plans',
  captureQc: '/captures/:cid/qc',
  surveys: '/surveys',
  surveyQc: '/surveys/:sid/qc',
  image: '/surveys/:sid/qc/:line/:camera/:image',
  media: '/media',
  drives: '/drives',
  surveyHistory: '/surveys/:sid/history',
  captureHistory: '/captures/:cid/history',
  mediaHistory: '/media/:mid/history',
  driveHistory: '/drives/:host/history',
} as const;

/**
 * The pattern a path opens, matched as the router's Switch matches it (wouter's default parser).
 * No two patterns match one path, so the table's order does not matter; every pattern is a route
 * of src/app/routes.tsx.
 */
export function patternAt(pathname: string): string | undefined {
  return Object.values(PATTERNS).find((pattern) => matchRoute(parse, pattern, pathname)[0]);
}

export type CaptureTab = 'surveys' | 'flight-plans' | 'qc';
export type HelpPath = 'release-notes' | 'upcoming' | 'known-issues' | 'videos';

const TAB_PATTERNS: Record<CaptureTab, string> = {
  surveys: PATTERNS.captureSurveys,
  'flight-plans': PATTERNS.captureFlightPlans,
  qc: PATTERNS.captureQc,
};

const enc = encodeURIComponent;

const HISTORY_PATTERNS: Record<HistoryOf, [pattern: string, param: string]> = {
  surveys: [PATTERNS.surveyHistory, 'sid'],
  captures: [PATTERNS.captureHistory, 'cid'],
  media: [PATTERNS.mediaHistory, 'mid'],
  drives: [PATTERNS.driveHistory, 'host'],
};

export const paths = {
  home: () => PATTERNS.home,
  login: (redirect?: string) => (redirect ? `${PATTERNS.login}?redirect=${enc(redirect)}` : PATTERNS.login),
  logout: () => PATTERNS.logout,
  help: (page?: HelpPath) => (page ? inject(PATTERNS.helpPage, { page }) : PATTERNS.help),
  projects: () => PATTERNS.projects,
  project: (projectId: Id) => inject(PATTERNS.project, { pid: enc(projectId) }),
  captures: () => PATTERNS.captures,
  capture: (captureId: Id, tab: CaptureTab = 'surveys') => inject(TAB_PATTERNS[tab], { cid: enc(captureId) }),
  captureQc: (captureId: Id) => inject(PATTERNS.captureQc, { cid: enc(captureId) }),
  surveyQc: (surveyId: Id) => inject(PATTERNS.surveyQc, { sid: enc(surveyId) }),
  image: (surveyId: Id, line: number, camera: string, image: string) =>
    inject(PATTERNS.image, { sid: enc(surveyId), line: String(line), camera: enc(camera), image: enc(image) }),
  surveys: () => PATTERNS.surveys,
  media: () => PATTERNS.media,
  drives: () => PATTERNS.drives,
  settings: () => PATTERNS.settings,
  conflicts: () => PATTERNS.conflicts,
  team: () => PATTERNS.team,
  /** An entity's history (docs/history.md#the-page). */
  history: (of: HistoryOf, id: Id) => inject(HISTORY_PATTERNS[of][0], { [HISTORY_PATTERNS[of][1]]: enc(id) }),
};
