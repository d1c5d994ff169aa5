import { describe, expect, it } from 'vitest';
import { PATTERNS, paths } from '../../src/app/paths';
import { ROUTES, routeAt } from '../../src/app/routes';

describe('the route table', () => {
  it('opens, for every path the app builds, the route of that pattern', () => {
    const built: [string, string][] = [
      [paths.home(), PATTERNS.home],
      [paths.login(), PATTERNS.login],
      [paths.logout(), PATTERNS.logout],
      [paths.help(), PATTERNS.help],
      [paths.help('known-issues'), PATTERNS.helpPage],
      [paths.settings(), PATTERNS.settings],
      [paths.projects(), PATTERNS.projects],
      [paths.project('P 1/2'), PATTERNS.project],
      [paths.captures(), PATTERNS.captures],
      [paths.capture('c/1'), PATTERNS.captureSurveys],
      [paths.capture('c1', 'flight-plans'), PATTERNS.captureFlightPlans],
      [paths.capture('c1', 'qc'), PATTERNS.captureQc],
      [paths.captureQc('c1'), PATTERNS.captureQc],
      [paths.surveys(), PATTERNS.surveys],
      [paths.surveyQc('s1'), PATTERNS.surveyQc],
      [paths.image('s1', 0, 'Cam01', 'img 1.jpg'), PATTERNS.image],
      [paths.media(), PATTERNS.media],
      [paths.drives(), PATTERNS.drives],
      [paths.history('surveys', 's1'), PATTERNS.surveyHistory],
      [paths.history('captures', 'c/1'), PATTERNS.captureHistory],
      [paths.history('media', 'TS007'), PATTERNS.mediaHistory],
      [paths.history('drives', 'ingest-01'), PATTERNS.driveHistory],
    ];
    for (const [path, pattern] of built) expect(routeAt(path)?.path, path).toBe(pattern);
  });

  it('encodes ids into one path segment each', () => {
    expect(paths.capture('c/1', 'qc')).toBe('/captures/c%2F1/qc');
    expect(paths.image('s1', 0, 'Cam01', 'a b')).toBe('/surveys/s1/qc/0/Cam01/a%20b');
    expect(paths.login('/captures?x=1')).toBe('/login?redirect=%2Fcaptures%3Fx%3D1');
    expect(paths.history('captures', 'c/1')).toBe('/captures/c%2F1/history');
  });

  it('names the tab after the section, and knows no route for anything else', () => {
    expect(routeAt('/captures/c1/qc')?.title).toBe('Capture QC');
    expect(routeAt('/captures/c1/flight-plans')?.title).toBe('Captures');
    expect(routeAt('/surveys/s1/qc/2/Cam01/x')?.title).toBe('Image');
    expect(routeAt('/nowhere')).toBeUndefined();
    expect(routeAt('/captures/c1/elsewhere')).toBeUndefined();
  });

  it('lets an anonymous visitor reach only Sign in and Signing out: every other route is behind the login guard', () => {
    // The guard itself (a redirect to /login with the original path) is shown in the browser, on a
    // route of each kind (tests/e2e/shell.spec.ts).
    expect(ROUTES.filter((r) => r.access === 'anyone').map((r) => r.path)).toEqual([PATTERNS.login, PATTERNS.logout]);
    for (const route of ROUTES) if (route.access !== 'anyone') expect(['user', 'user-now'], route.path).toContain(route.access);
  });
});
