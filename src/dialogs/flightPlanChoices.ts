/**
 * The flight plans a new survey may be flown on, those of captures still being flown first (a
 * capture waiting for, or receiving, surveys), so the insert dialog opens on what a person most
 * likely means and can offer the first of them as its default.
 */
import { useMemo } from 'react';
import type { Id } from '../../worker/domain/types';
import { engineClient } from '../engine/client';
import { useKindVersion } from '../engine/hooks';

export interface FlightPlanChoice {
  id: Id;
  text: string;
  haystack: string;
  /** Its capture is still waiting for or receiving surveys. */
  beingFlown: boolean;
}

/** Capture stages during which surveys are still flown and received (SPEC §4). */
const FLYING_STAGES = new Set(['waiting', 'receive']);

export function useFlightPlanChoices(): FlightPlanChoice[] {
  const fpVersion = useKindVersion('flightPlans');
  const captureVersion = useKindVersion('captures');
  return useMemo(() => {
    const { model } = engineClient();
    const choices = model.list('flightPlans').map((fp): FlightPlanChoice => {
      const capture = model.get('captures', fp.captureId);
      const text = `${capture?.cpid ?? ''} · ${fp.code} ${fp.name}`;
      const beingFlown = capture ? FLYING_STAGES.has(capture.stage.name) : false;
      return { id: fp.flightPlanId, text, haystack: text.toLowerCase(), beingFlown };
    });
    // Stable: within each group the engine's order stays.
    return [...choices.filter((c) => c.beingFlown), ...choices.filter((c) => !c.beingFlown)];
  }, [fpVersion, captureVersion]);
}

/** The default for a new survey: the first plan of a capture still being flown, else the first. */
export function defaultFlightPlanId(choices: readonly FlightPlanChoice[]): Id | null {
  return choices[0]?.id ?? null;
}
