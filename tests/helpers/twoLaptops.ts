/**
 * The two-laptop property's world and the steps of its laptops (issue 21), shared by its run
 * through the laptops' databases alone (syncEnginesProperty.test.ts) and its run through the team
 * server (syncEnginesServer.test.ts, issue 33); each adds its own hostile writer's steps.
 */
import fc from 'fast-check';
import { intent } from './randomActions';
import { aMedia, aSurvey, aWorld } from './builders';

function world(): string {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-qc', mediaId: 'M1', stage: 'survey-qc', qc: 'started' });
  aSurvey(w, { surveyId: 's-ready', mediaId: 'M1', stage: 'survey-qc' });
  aSurvey(w, { surveyId: 's-copy', mediaId: 'M2', stage: 'copy' });
  aMedia(w, { mediaId: 'M3', host: 'drive-02', stage: 'receive', state: 'waiting' });
  return JSON.stringify(w);
}

/** Two surveys in QC (one started), one being copied, a media set waiting to be received: all.json's shape. */
export const TWO_LAPTOP_WORLD = world();

/** What happens to the two laptops, weighted for fc.oneof. */
export const LAPTOP_STEPS = [
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('act' as const), who: fc.nat(1), intent }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reconnect' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('handover' as const), who: fc.nat(1), halfDrained: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('time' as const), ms: fc.integer({ min: 1000, max: 120_000 }) }) },
  // The other laptop's changes reach this one's database, and its world has not taken them in yet.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pull' as const), who: fc.nat(1) }) },
] as const;
