/**
 * The whole demo through the engine, every transition of docs/requirements.md#req-states in order: insert, receive (copy,
 * receive), assign, Applanix, PodConfig, frame extraction, survey QC, processing, capture QC,
 * publishing. Time is stepped with the manual clock.
 */
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from '../helpers/engineHarness';
import { ANN } from '../helpers/builders';
import { shortId } from '../../worker/domain/shortId';
import type { Survey } from '../../worker/domain/types';
import { samplePodconfig } from '../helpers/podconfigFiles';

const survey = (h: Harness, id: string): Survey => h.engine.world.index.surveys[id]!;

async function inserted(h: Harness) {
  const r = await h.do({
    type: 'insertMedia',
    host: 'drive-01',
    bays: [1, 2],
    surveys: [
      { flightPlanId: 'fp-1', size: 'teeny', flownOn: '2026-06-14' },
      { flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-13', linesFlown: 3 },
    ],
  });
  const drive = h.engine.world.index.drives['drive-01']!;
  const media = h.engine.world.index.media[drive.mediaId!]!;
  return { r, drive, media, surveyIds: [...media.surveyIds] };
}

describe('media and drives', () => {
  it('insert adds new media and hidden new surveys to an empty drive', async () => {
    const h = await harness();
    const { r, drive, media, surveyIds } = await inserted(h);
    expect(r).toEqual({
      ok: true,
      flash: { category: 'success', text: 'media inserted into drive-01' },
      highlight: [{ kind: 'drives', id: 'drive-01' }, { kind: 'media', id: media.mediaId }],
    });
    expect(drive).toMatchObject({ status: 'Ready', flags: { canInsert: false, canReceive: true, canEject: true, canCancel: false, canAssign: false } });
    expect(media).toMatchObject({ isNew: true, bays: [1, 2], host: 'drive-01', stage: { name: 'new', statusLabel: 'Ready to Receive' } });
    expect(surveyIds).toHaveLength(2);
    const s = survey(h, surveyIds[1]!);
    expect(s).toMatchObject({ status: 'new', display: 'New', size: 30, linesFlown: 3, cpid: 'CP001', flightPlanId: 'fp-1' });
    expect(survey(h, surveyIds[0]!).linesFlown).toBe(5);
    const cap = h.engine.world.index.captures['cap-1']!;
    expect(cap.surveyIds).toEqual(expect.arrayContaining(surveyIds));
    expect(cap).toMatchObject({ firstFlownOn: '2026-06-13', lastFlownOn: '2026-06-14', lastReceivedOn: null });
    expect(h.engine.world.ids.media[0]).toBe(media.mediaId);
  });

  it('receive: copy then receive (as long as the largest survey), receive id, received dates, assign waiting', async () => {
    const h = await harness();
    const { media, surveyIds } = await inserted(h);
    const r = await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A1', 'B2'] });
    expect(r).toMatchObject({ ok: true, flash: { category: 'simulation', text: 'started receiving media on drive-01' } });
    expect(media).toMatchObject({ receiveId: '260615_A1_B2', receivedOn: '2026-06-15', itemIds: ['A1', 'B2'], isNew: false });
    expect(media.stage).toMatchObject({ name: 'copy', state: 'working', statusLabel: 'Copying', progress: 0, remainingText: '60s' });
    expect(media.workflow.stages[2]!.durationS).toBe(30);
    expect(h.engine.world.index.drives['drive-01']).toMatchObject({ status: 'In Use', flags: { canCancel: true, canEject: false, canReceive: false } });
    for (const id of surveyIds) expect(survey(h, id).display).toBe('Copy/Receiving');
    h.advance(30_000);
    expect(media.stage.progress).toBe(50);
    h.advance(30_000);
    expect(media.stage).toMatchObject({ name: 'receive', statusLabel: 'Receiving' });
    h.advance(10_000);
    // The teeny survey (10 s) is received; the capture starts receiving surveys and QC.
    const teeny = survey(h, surveyIds[0]!);
    expect(teeny).toMatchObject({ status: 'applanix', display: 'Waiting for Applanix', receivedOn: '2026-06-15' });
    expect(teeny.flags).toMatchObject({ needsApplanix: true, waitingForApplanix: true, canCancel: true });
    const cap = h.engine.world.index.captures['cap-1']!;
    expect(cap).toMatchObject({ lastReceivedOn: '2026-06-15', stage: { name: 'receive', statusLabel: 'Receiving Surveys and QC' } });
    expect(cap.counts).toMatchObject({ surveys: 2, receiving: 1, waitingForApplanix: 1 });
    h.advance(20_000);
    expect(media.stage).toMatchObject({ name: 'assign', state: 'waiting', statusLabel: 'Assignment' });
    expect(media.flags.canAssign).toBe(true);
    expect(h.engine.world.index.drives['drive-01']!.flags).toMatchObject({ canAssign: true, canEject: true });
    const a = await h.do({ type: 'assignSurveys', mediaId: media.mediaId });
    expect(a).toMatchObject({ ok: true, flash: { category: 'success', text: 'assigned surveys' } });
    expect(surveyIds.map((id) => survey(h, id).assignedTo)).toEqual([ANN, ANN]);
    expect(media.stage).toMatchObject({ state: 'completed', statusLabel: 'Assigned' });
    const e = await h.do({ type: 'ejectMedia', host: 'drive-01' });
    expect(e).toMatchObject({ ok: true, flash: { text: 'media ejected from drive-01' } });
    expect(media.host).toBeNull();
    expect(h.engine.world.index.drives['drive-01']).toMatchObject({ mediaId: null, status: 'Empty' });
  });

  it('per-survey assignment to any user', async () => {
    const h = await harness();
    const { media, surveyIds } = await inserted(h);
    await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A', 'B'] });
    h.advance(120_000);
    const r = await h.do({
      type: 'assignSurveys',
      mediaId: media.mediaId,
      assignments: [
        { surveyId: surveyIds[0]!, email: 'bob.smith@example.com' },
        { surveyId: surveyIds[1]!, email: ANN },
      ],
    });
    expect(r.ok).toBe(true);
    expect(survey(h, surveyIds[0]!).assignedTo).toBe('bob.smith@example.com');
  });

  it('cancel receiving cancels the media and its surveys; the drive keeps it until ejected', async () => {
    const h = await harness();
    const { media, surveyIds } = await inserted(h);
    await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A', 'B'] });
    h.advance(15_000);
    const r = await h.do({ type: 'cancelReceive', host: 'drive-01' });
    expect(r).toMatchObject({ ok: true, flash: { category: 'warning', text: 'receive cancelled for drive-01' } });
    expect(media.stage).toMatchObject({ state: 'cancelled', progress: 25 });
    for (const id of surveyIds) expect(survey(h, id)).toMatchObject({ display: 'Cancelled', flags: { canCancel: false } });
    h.advance(600_000);
    expect(media.stage.name).toBe('copy');
    expect(h.engine.world.active.of('media').count + h.engine.world.active.of('surveys').count).toBe(0);
    expect(h.engine.world.index.drives['drive-01']!.flags.canEject).toBe(true);
    await h.do({ type: 'ejectMedia', host: 'drive-01' });
    expect(h.engine.world.index.media[media.mediaId]!.host).toBeNull();
  });

  it('eject of never-received media removes it and its surveys', async () => {
    const h = await harness();
    const { media, surveyIds } = await inserted(h);
    await h.do({ type: 'ejectMedia', host: 'drive-01' });
    expect(h.engine.world.index.media[media.mediaId]).toBeUndefined();
    for (const id of surveyIds) expect(h.engine.world.index.surveys[id]).toBeUndefined();
    expect(h.engine.world.index.captures['cap-1']!.surveyIds).toEqual([]);
    expect(h.engine.world.index.flightPlans['fp-1']!.surveyIds).toEqual([]);
    const last = h.events[h.events.length - 1]!;
    expect(last.removed.media).toEqual([media.mediaId]);
    expect(last.removed.surveys).toEqual(expect.arrayContaining(surveyIds));
  });
});

describe('survey and capture through to Published', () => {
  it('walks every stage of docs/requirements.md#req-states', async () => {
    const h = await harness();
    const { media, surveyIds } = await inserted(h);
    const [sid] = surveyIds as [string];
    const short = shortId(sid);
    await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A', 'B'] });
    h.advance(100_000);
    await h.do({ type: 'assignSurveys', mediaId: media.mediaId });
    const s = () => survey(h, sid);
    expect(await h.do({ type: 'processApplanix', surveyId: sid })).toMatchObject({ ok: true, flash: { category: 'success', text: `processed applanix for survey ${short}` } });
    expect(s()).toMatchObject({ applanix: true, display: 'Waiting for PodConfig', flags: { waitingForPodconfig: true, needsApplanix: false } });
    expect(await h.do({ type: 'processPodconfig', surveyId: sid, files: samplePodconfig('pod.XML') })).toMatchObject({ ok: true, flash: { text: `processed podconfig for survey ${short}` } });
    expect(s()).toMatchObject({ podconfig: true, display: 'Extracting Frames', stage: { state: 'working', remainingText: '60s' } });
    h.advance(60_000);
    expect(s()).toMatchObject({ display: 'Ready for QC', flags: { qcReady: true, canCancel: true } });
    expect(await h.do({ type: 'startSurveyQc', surveyId: sid })).toMatchObject({ flash: { category: 'info', text: `QC started for survey ${short}` } });
    expect(s()).toMatchObject({ qc: 'started', display: 'QC in Progress', flags: { qcInProgress: true, qcReady: false } });
    expect(await h.do({ type: 'approveSurveyQc', surveyId: sid })).toMatchObject({ flash: { category: 'success', text: `QC approved for survey ${short}` } });
    expect(s()).toMatchObject({ qc: 'approved', display: 'Ready for Processing', status: 'survey-qc', flags: { canProcess: true, canCancel: false } });
    const cap = h.engine.world.index.captures['cap-1']!;
    expect(cap.flags.canProcess).toBe(true);
    expect(cap.counts.qcApproved).toBe(1);
    expect(await h.do({ type: 'processCapture', captureId: 'cap-1', surveyIds: [sid] })).toMatchObject({ flash: { category: 'simulation', text: 'Started Processing CP001' } });
    expect(cap).toMatchObject({ selectedIds: [sid], stage: { name: 'feature-matching', statusLabel: 'Feature Matching', state: 'working' } });
    expect(s()).toMatchObject({ display: 'Processing', processing: true, status: 'feature-matching' });
    for (const stage of ['bundle-adjustment', 'rolling-shutter', 'orthorectification', 'capture-qc']) {
      h.advance(60_000);
      expect(cap.stage.name).toBe(stage);
      expect(s().status).toBe(stage);
    }
    expect(s()).toMatchObject({ display: 'Waiting for Capture QC', processing: false });
    expect(cap).toMatchObject({ stage: { statusLabel: 'Ready for QC' }, flags: { qcReady: true } });
    expect(await h.do({ type: 'startCaptureQc', captureId: 'cap-1' })).toMatchObject({ flash: { category: 'info', text: 'QC started for capture CP001' } });
    expect(cap).toMatchObject({ qc: 'started', stage: { statusLabel: 'QC in Progress' }, flags: { qcInProgress: true } });
    expect(await h.do({ type: 'approveCaptureQc', captureId: 'cap-1' })).toMatchObject({ flash: { category: 'success', text: 'QC approved for capture CP001' } });
    expect(cap).toMatchObject({ stage: { name: 'publish', statusLabel: 'Ready for Publishing' }, flags: { canPublish: true } });
    expect(s().display).toBe('Ready for Publishing');
    expect(cap.counts.canPublish).toBe(1);
    expect(await h.do({ type: 'publishCapture', captureId: 'cap-1' })).toMatchObject({ flash: { category: 'simulation', text: 'Publishing CP001 Started' } });
    expect(cap.stage).toMatchObject({ state: 'working', statusLabel: 'Publishing' });
    expect(s().display).toBe('Publishing');
    expect(cap.flags.canPublish).toBe(false);
    h.advance(60_000);
    expect(cap).toMatchObject({ published: true, stage: { state: 'completed', statusLabel: 'Published' } });
    expect(s()).toMatchObject({ published: true, display: 'Published' });
    expect(cap.counts.published).toBe(1);
    // The other survey was never selected: it waits at Applanix still.
    expect(survey(h, surveyIds[1]!).display).toBe('Waiting for Applanix');
  });

  it('survey QC reject fails the stage; capture QC reject fails the capture and its surveys', async () => {
    const h = await harness();
    const { surveyIds } = await inserted(h);
    const [a, b] = surveyIds as [string, string];
    await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A', 'B'] });
    h.advance(100_000);
    for (const id of [a, b]) {
      await h.do({ type: 'processApplanix', surveyId: id });
      await h.do({ type: 'processPodconfig', surveyId: id, files: samplePodconfig() });
    }
    h.advance(60_000);
    expect(await h.do({ type: 'rejectSurveyQc', surveyId: b, reason: 'Cloud' })).toMatchObject({ flash: { category: 'warning', text: `QC rejected for survey ${shortId(b)}` } });
    expect(survey(h, b)).toMatchObject({ qc: 'rejected', display: 'QC Rejected', stage: { state: 'failed' }, flags: { canCancel: false, qcReady: false } });
    // Approve straight from ready (the QC page opened directly) is allowed.
    expect((await h.do({ type: 'approveSurveyQc', surveyId: a })).ok).toBe(true);
    await h.do({ type: 'processCapture', captureId: 'cap-1', surveyIds: [a] });
    h.advance(240_000);
    expect(await h.do({ type: 'rejectCaptureQc', captureId: 'cap-1' })).toMatchObject({ flash: { category: 'warning', text: 'QC rejected for capture CP001' } });
    const cap = h.engine.world.index.captures['cap-1']!;
    expect(cap).toMatchObject({ qc: 'rejected', stage: { state: 'failed', statusLabel: 'QC Rejected' } });
    expect(survey(h, a).display).toBe('QC Rejected');
    expect(cap.counts.qcRejected).toBe(2);
  });

  it('cancel survey while it waits', async () => {
    const h = await harness();
    const { surveyIds } = await inserted(h);
    await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A', 'B'] });
    h.advance(100_000);
    const id = surveyIds[0]!;
    expect(await h.do({ type: 'cancelSurvey', surveyId: id })).toMatchObject({ ok: true, flash: { category: 'warning', text: `survey ${shortId(id)} cancelled` } });
    expect(survey(h, id)).toMatchObject({ display: 'Cancelled', stage: { state: 'cancelled', name: 'applanix' } });
    expect(await h.do({ type: 'cancelSurvey', surveyId: id })).toEqual({ ok: false, error: `This action is no longer available for survey ${shortId(id)}` });
  });

  it('speed 100× runs the demo a hundred times faster and rebases working stages', async () => {
    const h = await harness();
    const { media } = await inserted(h);
    await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A', 'B'] });
    h.advance(30_000); // half of the 60 s copy at 1×
    expect(await h.do({ type: 'setFlags', flags: { speed: 100 } })).toMatchObject({ ok: true, session: { flags: { speed: 100 } } });
    expect(media.stage.progress).toBe(50);
    expect(media.stage.remainingText).toBe('30s');
    h.advance(500); // 30 simulated seconds at 100× pass before the next tick
    expect(media.stage.name).toBe('receive');
    const last = h.events[h.events.length - 1]!;
    expect(last.kind).toBe('delta');
  });
});
