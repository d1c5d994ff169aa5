/** Reassign (issue 9): a plain assignment of one received survey; never of one not yet received. */
import { describe, expect, it } from 'vitest';
import { harness } from '../helpers/engineHarness';

describe('reassign a survey', () => {
  it('assigns one received survey to another user, and refuses one not yet received or an unknown user', async () => {
    const h = await harness();
    await h.do({ type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'teeny', flownOn: '2026-06-14' }] });
    const media = h.engine.world.index.media[h.engine.world.index.drives['drive-01']!.mediaId!]!;
    const surveyId = media.surveyIds[0]!;
    expect((await h.do({ type: 'reassignSurvey', surveyId, email: 'bob.smith@example.com' })).ok).toBe(false);

    await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A'] });
    h.advance(120_000);
    await h.do({ type: 'assignSurveys', mediaId: media.mediaId });
    const r = await h.do({ type: 'reassignSurvey', surveyId, email: 'Bob.Smith@example.com' });
    expect(r).toMatchObject({ ok: true, flash: { category: 'success', text: 'assigned surveys' } });
    expect(h.engine.world.index.surveys[surveyId]!.assignedTo).toBe('bob.smith@example.com');
    expect(await h.do({ type: 'reassignSurvey', surveyId, email: 'nobody@example.com' })).toMatchObject({ ok: false, error: 'Unknown user nobody@example.com' });
  });
});
