/**
 * The flight plans a new survey may be flown on, those of captures still being flown first (a
 * capture waiting for, or receiving, surveys), so the insert dialog opens on what a person most
 * likely means and can offer the first of them as its default. The worker lists them (the
 * flightPlanChoices view): the plans and captures stay there.
 */
import type { Id } from '../../worker/domain/types';
import type { FlightPlanChoice } from '../../worker/screens';
import { useView } from '../engine/hooks';

export type { FlightPlanChoice };

const NONE: FlightPlanChoice[] = [];

/** The choices; empty until the worker answers (a moment after the dialog opens). */
export function useFlightPlanChoices(): FlightPlanChoice[] {
  return useView({ view: 'flightPlanChoices' })?.choices ?? NONE;
}

/** The default for a new survey: the first plan of a capture still being flown, else the first. */
export function defaultFlightPlanId(choices: readonly FlightPlanChoice[]): Id | null {
  return choices[0]?.id ?? null;
}
