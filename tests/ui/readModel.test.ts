/**
 * The UI's read model (src/engine/readModel.ts) applies engine events as the engine means them:
 * progress patches update one entity and format its time left; a gap in `seq` asks for a resync.
 */
import { describe, expect, it } from 'vitest';
import { ReadModel } from '../../src/engine/readModel';
import { DEFAULT_FLAGS } from '../../worker/domain/constants';
import type { EngineEvent } from '../../worker/api';
import type { Survey } from '../../worker/domain/types';

const survey = { surveyId: 's-1', stage: { name: 'receive', state: 'working', statusLabel: 'Receiving', progress: 0 } } as unknown as Survey;

function snapshot(): EngineEvent {
  return { seq: 0, kind: 'snapshot', changed: { surveys: { 's-1': survey } }, removed: {}, ids: { surveys: ['s-1'] } };
}

describe('read model', () => {
  it('applies a progress patch to its entity only, with the time left as text, waking no whole-kind view', () => {
    const model = new ReadModel({ loggedIn: false, user: null }, { ...DEFAULT_FLAGS });
    model.apply(snapshot());
    let heard = 0;
    model.subscribeEntity('surveys', 's-1', () => heard++);
    let heardKind = 0;
    model.subscribeKind('surveys', () => heardKind++);
    const kindVersion = model.kindVersion('surveys');
    const before = model.get('surveys', 's-1');
    expect(model.apply({ seq: 1, kind: 'delta', changed: {}, removed: {}, ids: {}, progress: { surveys: { 's-1': [42, 125] } } })).toBe(true);
    const after = model.get('surveys', 's-1')!;
    expect(after).not.toBe(before);
    expect(after.stage).toMatchObject({ progress: 42, remainingS: 125, remainingText: '2m' });
    expect(heard).toBe(1);
    // Whole-kind views (sorting, membership) are not woken by progress.
    expect(heardKind).toBe(0);
    expect(model.kindVersion('surveys')).toBe(kindVersion);
  });

  it('answers false on a gap in seq, so the client asks for a snapshot', () => {
    const model = new ReadModel({ loggedIn: false, user: null }, { ...DEFAULT_FLAGS });
    model.apply(snapshot());
    expect(model.apply({ seq: 5, kind: 'delta', changed: {}, removed: {}, ids: {} })).toBe(false);
    expect(model.apply({ seq: 9, kind: 'snapshot', changed: { surveys: { 's-1': survey } }, removed: {}, ids: { surveys: ['s-1'] } })).toBe(true);
  });
});
