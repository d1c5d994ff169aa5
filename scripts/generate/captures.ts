/**
 * Projects, captures and flight plans of the generated operation, with the workflow target of
 * each capture. The sample project (docs/requirements.md#req-sample-data) comes first and is built exactly as the requirements say.
 */
import type { Capture, FlightPlan, Project } from '../../worker/domain/types';
import { SAMPLE } from '../../worker/domain/constants';
import { assembleCapture, makeProject } from '../../worker/domain/entities';
import { PROGRAMMES, STAFF, type Season } from './catalog';
import { planFlightPlan, sampleFlightPlan } from './flightPlans';
import type { Rng } from './prng';
import { CAPTURE_DECK, QUIET, WORKING_CAPTURE_TARGETS, type CaptureTarget } from './targets';

export interface PlannedCapture {
  capture: Capture;
  target: CaptureTarget;
  /** Deck position: the special media of the standard world are tied to it. */
  deckIndex: number;
  /** The technician who takes most of its surveys. */
  lead: string;
}

export interface CapturePlan {
  projects: Project[];
  captures: PlannedCapture[];
  flightPlans: FlightPlan[];
}

/** A capture from its planned fields; the domain's factory fills in everything else. */
function newCapture(fields: Pick<Capture, 'captureId' | 'cpid' | 'description' | 'sfid' | 'season' | 'projectId'>): Capture {
  return assembleCapture(fields);
}

export function planCaptures(rng: Rng, count: number): CapturePlan {
  const projects: Project[] = [
    makeProject({ projectId: SAMPLE.projectId, url: 'https://programmes.aerial.example/sample' }),
    ...PROGRAMMES.map((p) => makeProject({ projectId: p.projectId, url: p.url })),
  ];
  const captures: PlannedCapture[] = [];
  const flightPlans: FlightPlan[] = [];
  let planCode = 1000;

  const sample = newCapture({
    captureId: rng.uuid(),
    cpid: SAMPLE.cpid,
    description: 'Sample Capture 10cm',
    sfid: 'SF-000007',
    season: '2026 Fall',
    projectId: SAMPLE.projectId,
  });
  const samplePlan = sampleFlightPlan(rng.uuid(), sample.captureId);
  sample.flightPlanIds.push(samplePlan.flightPlanId);
  flightPlans.push(samplePlan);
  projects[0]!.captureIds.push(sample.captureId);
  captures.push({ capture: sample, target: 'waiting', deckIndex: -1, lead: STAFF[1] });

  const serials = new Map<string, number>();
  const usedSfids = new Set<number>([7]);
  for (let i = 0; i < count; i++) {
    const deckIndex = i % CAPTURE_DECK.length;
    const [season, deckTarget] = CAPTURE_DECK[deckIndex]!;
    // Beyond the first deck, captures never sit in working stages, so big worlds control activity.
    const target = i < CAPTURE_DECK.length ? deckTarget : (QUIET[deckTarget] ?? deckTarget);
    const programme = PROGRAMMES[i % PROGRAMMES.length]!;
    const area = rng.pick(programme.areas);
    const seasonCode = seasonTag(season);
    const serialKey = programme.cpidPrefix + seasonCode;
    const serial = (serials.get(serialKey) ?? 0) + 1;
    serials.set(serialKey, serial);
    let sfid = rng.int(1000, 99999);
    while (usedSfids.has(sfid)) sfid = rng.int(1000, 99999);
    usedSfids.add(sfid);
    const capture = newCapture({
      captureId: rng.uuid(),
      cpid: `${serialKey}${String(serial).padStart(serial > 99 ? 4 : 2, '0')}`,
      description: `${area.name} ${rng.pick(area.gsd)}`,
      sfid: `SF-${String(sfid).padStart(6, '0')}`,
      season,
      projectId: programme.projectId,
    });
    const planCount = rng.weighted([
      [1, 3],
      [2, 3],
      [3, 2],
      [4, 1],
    ] as const);
    for (let p = 0; p < planCount; p++) {
      const plan = planFlightPlan(rng, {
        flightPlanId: rng.uuid(),
        captureId: capture.captureId,
        code: `FP${planCode++}`,
        area: area.name,
        index: p,
      });
      capture.flightPlanIds.push(plan.flightPlanId);
      flightPlans.push(plan);
    }
    projects.find((p) => p.projectId === programme.projectId)!.captureIds.push(capture.captureId);
    captures.push({ capture, target, deckIndex: i < CAPTURE_DECK.length ? deckIndex : -1, lead: STAFF[1 + (i % (STAFF.length - 1))] });
  }
  return { projects, captures, flightPlans };
}

/** '2026 Fall' → '26F', so cpids read like 'DEN26F03'. */
function seasonTag(season: Season): string {
  const [year, half] = season.split(' ') as [string, string];
  return year.slice(2) + half.charAt(0);
}

export function isWorkingCapture(target: CaptureTarget): boolean {
  return WORKING_CAPTURE_TARGETS.has(target);
}
