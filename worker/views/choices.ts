/**
 * Insert media's flight plan choices: the plans a new survey may be flown on, those of captures
 * still being flown (waiting for, or receiving, surveys) first, so the dialog opens on what a
 * person most likely means.
 */
import type { World } from '../engine/world';
import type { FlightPlanChoice } from '../screens';

export function flightPlanChoices(world: World): FlightPlanChoice[] {
  const flying = new Set(['waiting', 'receive']);
  const choices = world.ids.flightPlans.flatMap((id): FlightPlanChoice[] => {
    const fp = world.index.flightPlans[id];
    if (!fp) return [];
    const capture = world.index.captures[fp.captureId];
    const text = `${capture?.cpid ?? ''} · ${fp.code} ${fp.name}`;
    return [{ id, text, haystack: text.toLowerCase(), beingFlown: capture ? flying.has(capture.stage.name) : false }];
  });
  // Stable: within each group the engine's order stays.
  return [...choices.filter((c) => c.beingFlown), ...choices.filter((c) => !c.beingFlown)];
}

/**
 * The Media page's filter choices: every season a capture has, the latest flown first (a season's
 * last flying day, then its name), and every project in its list's order.
 */
export function mediaFilterChoices(world: World): { seasons: string[]; projects: string[] } {
  const latest = new Map<string, string>();
  for (const id of world.ids.captures) {
    const c = world.index.captures[id];
    if (!c) continue;
    const flown = c.lastFlownOn ?? '';
    const known = latest.get(c.season);
    if (known === undefined || known < flown) latest.set(c.season, flown);
  }
  const seasons = [...latest].sort(([a, x], [b, y]) => (x !== y ? (x < y ? 1 : -1) : a < b ? -1 : a > b ? 1 : 0)).map(([season]) => season);
  return { seasons: seasons.filter((s) => s.trim() !== ''), projects: world.ids.projects.filter((id) => world.index.projects[id]) };
}
