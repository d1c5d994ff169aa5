/**
 * Flight plans of a capture: parallel lines over its area, most of them to be captured. Times and
 * lengths are estimates from a typical survey aircraft's ground speed, rounded as planners do.
 */
import type { FlightPlan, FlightPlanLine } from '../../worker/domain/types';
import { makeFlightPlan } from '../../worker/domain/entities';
import { PLAN_SUFFIXES } from './catalog';
import type { Rng } from './prng';

/** Typical ground speed on line, in miles per hour (a twin piston at ~120 kt). */
const GROUND_SPEED_MPH = 140;

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function planLines(rng: Rng, count: number): FlightPlanLine[] {
  const base = rng.range(4, 28);
  const lines: FlightPlanLine[] = [];
  for (let number = 1; number <= count; number++) {
    // Lines over an irregular area vary in length around the block's typical line.
    const length = round(Math.max(1.5, base * rng.range(0.7, 1.15)), 1);
    lines.push({ number, capture: !rng.chance(0.08), time: round(length / GROUND_SPEED_MPH, 2), length });
  }
  if (!lines.some((l) => l.capture)) lines[0]!.capture = true;
  return lines;
}

/** Estimates cover the lines to be captured only. */
export function planTotals(lines: readonly FlightPlanLine[]): { time: number; length: number } {
  const captured = lines.filter((l) => l.capture);
  return {
    time: round(captured.reduce((sum, l) => sum + l.time, 0), 1),
    length: round(captured.reduce((sum, l) => sum + l.length, 0), 1),
  };
}

export function capturedLineCount(plan: FlightPlan): number {
  return plan.lines.reduce((n, l) => n + (l.capture ? 1 : 0), 0);
}

export interface PlanInput {
  flightPlanId: string;
  captureId: string;
  code: string;
  area: string;
  index: number;
}

export function planFlightPlan(rng: Rng, input: PlanInput): FlightPlan {
  const lines = planLines(rng, rng.int(4, 40));
  // Finer resolution flies lower; altitudes are filed in round hundreds of feet.
  const altitude = rng.int(30, 120) * 100;
  return makeFlightPlan({
    flightPlanId: input.flightPlanId,
    captureId: input.captureId,
    code: input.code,
    name: `${input.area} ${PLAN_SUFFIXES[input.index % PLAN_SUFFIXES.length]}`,
    altitude,
    ...planTotals(lines),
    lines,
  });
}

/** docs/requirements.md#req-sample-data: FP007, altitude 10000, five lines of 0.5, time 2.5, length 2.5. */
export function sampleFlightPlan(flightPlanId: string, captureId: string): FlightPlan {
  const lines: FlightPlanLine[] = [1, 2, 3, 4, 5].map((number) => ({ number, capture: true, time: 0.5, length: 0.5 }));
  return makeFlightPlan({ flightPlanId, captureId, code: 'FP007', name: 'Sample Flight Plan', altitude: 10000, time: 2.5, length: 2.5, lines });
}
