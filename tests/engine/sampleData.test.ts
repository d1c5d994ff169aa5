/**
 * The committed sample data (public/data/all.json) through the engine: it boots without a notice,
 * ticks, and the sample (docs/requirements.md#req-sample-data: media TS007 in its drive, capture SAMPLE007) runs the demo.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { harness } from '../helpers/engineHarness';
import { SAMPLE } from '../../worker/domain/constants';
import { samplePodconfig } from '../helpers/podconfigFiles';

const ALL_JSON = fileURLToPath(new URL('../../public/data/all.json', import.meta.url));

/** The committed sample data; without it this test fails and says how to make it, never skips. */
function allJson(): string {
  if (!existsSync(ALL_JSON)) throw new Error(`${ALL_JSON} is missing: run \`npm run data\` to generate it`);
  return readFileSync(ALL_JSON, 'utf8');
}

describe('sample data through the engine', () => {
  it('boots, ticks and runs the sample from receive to QC', async () => {
    const h = await harness({ world: allJson() });
    expect(h.boot.notices).toBeUndefined();
    const w = h.engine.world;
    expect(w.ids.surveys.length).toBeGreaterThanOrEqual(400);
    h.advance(5_000);
    const media = w.index.media[SAMPLE.mediaId]!;
    const host = media.host!;
    expect(w.index.drives[host]!.status).toBe('Ready');
    expect((await h.do({ type: 'receiveMedia', host, itemIds: ['SAMPLE-ITEM'] })).ok).toBe(true);
    h.advance(120_000);
    expect(media.stage.name).toBe('assign');
    expect((await h.do({ type: 'assignSurveys', mediaId: media.mediaId })).ok).toBe(true);
    const surveyId = media.surveyIds[0]!;
    const s = w.index.surveys[surveyId]!;
    if (s.flags.waitingForApplanix) await h.do({ type: 'processApplanix', surveyId });
    if (s.flags.waitingForPodconfig) await h.do({ type: 'processPodconfig', surveyId, files: samplePodconfig() });
    h.advance(60_000);
    expect(s.display).toBe('Ready for QC');
    const capture = w.index.captures[s.captureId]!;
    expect(capture.cpid).toBe(SAMPLE.cpid);
    expect(capture.counts.qcReady).toBe(1);
    expect((await h.engine.search('SAMPLE007'))[0]).toMatchObject({ type: 'capture', id: capture.captureId });
  });
});
