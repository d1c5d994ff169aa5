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
