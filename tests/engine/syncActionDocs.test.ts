/**
 * What an action sends (issue 21): from a real engine's commit, the documents of exactly what the
 * person changed. A flag is its own document and leaves its survey's alone; a capture whose
 * derived fields alone moved sends nothing; a flag taken off is a removal.
 */
import { describe, expect, it } from 'vitest';
import { actionDocs, flagsBySurvey } from '../../worker/sync/out/actionDocs';
import type { HeldRevisions } from '../../worker/sync/doc/held';
import { outboxRecords } from '../../worker/sync/out/outbox';
import { SAMPLE_STAMP, syncedDocs } from '../../worker/sync/doc/syncedForm';
import type { SyncStamp } from '../../worker/sync/doc/syncStamp';
import { entityDocId, flagDocId, surveyOfFlagDoc } from '../../worker/sync/doc/docIds';
import type { WorldWrites } from '../../worker/engine/worldChange';
import { harness, type Harness } from '../helpers/engineHarness';
import { ANN, T0, aSurvey, aWorld } from '../helpers/builders';

function qcWorld() {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-qc', mediaId: 'M1', stage: 'survey-qc', qc: 'started' });
  aSurvey(w, { surveyId: 's-ready', mediaId: 'M1', stage: 'survey-qc' });
  return w;
}

const STAMP: SyncStamp = { by: ANN, laptop: 'van-1', at: T0, tx: 'tx', n: 0 };
const frame = { surveyId: 's-qc', line: 1, camera: 'Cam02', frame: 7 };

/** A laptop whose database holds the engine's world as it is now. */
async function synced(): Promise<{ h: Harness; held: HeldRevisions }> {
  const h = await harness({ world: qcWorld() });
  const held: HeldRevisions = new Map();
  outboxRecords(syncedDocs(h.engine.world.toDb(h.clock.now()), 1, SAMPLE_STAMP), [], SAMPLE_STAMP, held);
  h.engine.attachSync({ laptop: 'van-1', author: null, refusal: () => null, commitRecords: ({ writes }) => ((lastWrites = writes), { put: [], landed: () => undefined }), ticked: () => undefined });
  return { h, held };
}

/** What the last action's commit wrote, as team sync is given it. */
let lastWrites: WorldWrites | null = null;

/** The ids the last action's outbox records would write and remove. */
function sent(h: Harness, held: HeldRevisions) {
  const flags = flagsBySurvey(held.keys());
  const { written, removed } = actionDocs(h.engine.world, lastWrites!, STAMP, { flags: (surveyId) => flags.get(surveyId) ?? [], places: (id) => held.get(id)?.at });
  const records = outboxRecords(written, removed, STAMP, held);
  return {
    /** every document the commit touched, before those saying what the laptop holds are left out */
    considered: written.map((d) => d._id),
    written: records.filter((r) => !r.doc._deleted).map((r) => r.id),
    removed: records.filter((r) => r.doc._deleted).map((r) => r.id),
  };
}

describe("an action's documents (issue 21)", () => {
  it('flagging a frame sends its flag only: the survey and its capture say what they said', async () => {
    const { h, held } = await synced();
    expect((await h.do({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
    const { considered, written, removed } = sent(h, held);
    expect(considered).toContain(entityDocId('surveys', 's-qc'));
    expect({ written, removed }).toEqual({ written: [flagDocId('s-qc', frame)], removed: [] });
  });

  it('taking a flag off sends its removal', async () => {
    const { h, held } = await synced();
    await h.do({ type: 'flagFrame', ...frame, reason: 'Cloud' });
    sent(h, held);
    expect((await h.do({ type: 'unflagFrame', ...frame })).ok).toBe(true);
    const { written, removed } = sent(h, held);
    expect({ written, removed }).toEqual({ written: [], removed: [flagDocId('s-qc', frame)] });
  });

  it('approving a survey sends the survey, and nothing for the capture whose counts alone moved: its document is not even made', async () => {
    const { h, held } = await synced();
    expect((await h.do({ type: 'approveSurveyQc', surveyId: 's-qc' })).ok).toBe(true);
    expect(lastWrites!.put.captures).toContain('cap-1');
    const { considered, written, removed } = sent(h, held);
    expect(considered).not.toContain(entityDocId('captures', 'cap-1'));
    expect(written).toContain(entityDocId('surveys', 's-qc'));
    expect(written).not.toContain(entityDocId('surveys', 's-ready'));
    expect(written.filter((id) => id.startsWith('captures:'))).toEqual([]);
    expect(removed).toEqual([]);
  });

  it("a flag's id keeps survey and camera apart, whatever they hold", () => {
    const id = flagDocId('a:b', { line: 2, frame: 3, camera: 'C:1' });
    expect(surveyOfFlagDoc(id)).toBe('a:b');
    expect(id.split(':')).toHaveLength(5);
  });
});
