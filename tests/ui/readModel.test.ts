/**
 * The page's read model (src/engine/readModel.ts): it holds only what views and mounted components
 * read, asks the worker once per render for what is missing, applies progress patches to one
 * entity, and lets go (telling the worker) of what nobody has read for a while.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINGER_MS, ReadModel, type ModelPort } from '../../src/engine/readModel';
import { DEFAULT_FLAGS } from '../../worker/domain/constants';
import type { Survey } from '../../worker/domain/types';
import type { EntityRef, ViewSpec } from '../../worker/views/types';

const survey = { surveyId: 's-1', stage: { name: 'receive', state: 'working', statusLabel: 'Receiving', progress: 0 } } as unknown as Survey;

function aModel() {
  const calls = { fetched: [] as EntityRef[][], released: [] as EntityRef[][], opened: [] as ViewSpec[], closed: [] as number[] };
  const port: ModelPort = {
    openView: (_id, spec) => calls.opened.push(spec),
    closeView: (id) => calls.closed.push(id),
    fetch: (refs) => calls.fetched.push(refs),
    release: (refs) => calls.released.push(refs),
  };
  return { model: new ReadModel({ loggedIn: false, user: null }, { ...DEFAULT_FLAGS }, port), calls };
}

describe('read model', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches what mounted components read, once per render, and knows what does not exist', async () => {
    const { model, calls } = aModel();
    model.subscribeEntity('surveys', 's-1', () => {});
    model.subscribeEntity('surveys', 's-2', () => {});
    model.subscribeEntity('surveys', 's-1', () => {});
    await Promise.resolve();
    expect(calls.fetched).toEqual([[['surveys', 's-1'], ['surveys', 's-2']]]);
    expect(model.known('surveys', 's-1')).toBe(false);
    model.apply({ seq: 1, changed: { surveys: { 's-1': survey } }, removed: {}, absent: [['surveys', 's-2']] });
    expect(model.get('surveys', 's-1')).toEqual(survey);
    expect(model.known('surveys', 's-2')).toBe(true);
    expect(model.get('surveys', 's-2')).toBeUndefined();
  });

  it('applies a progress patch to its entity only, with the time left as text, waking no whole-kind reader', async () => {
    const { model } = aModel();
    let heard = 0;
    model.subscribeEntity('surveys', 's-1', () => heard++);
    model.apply({ seq: 1, changed: { surveys: { 's-1': survey } }, removed: {} });
    let heardKind = 0;
    model.subscribeKind('surveys', () => heardKind++);
    const kindVersion = model.kindVersion('surveys');
    const before = model.get('surveys', 's-1');
    heard = 0;
    model.apply({ seq: 2, changed: {}, removed: {}, progress: { surveys: { 's-1': [42, 125] } } });
    const after = model.get('surveys', 's-1')!;
    expect(after).not.toBe(before);
    expect(after.stage).toMatchObject({ progress: 42, remainingS: 125, remainingText: '2m' });
    expect(heard).toBe(1);
    expect(heardKind).toBe(0);
    expect(model.kindVersion('surveys')).toBe(kindVersion);
  });

  it('holds what a view names, lets it go a while after the view closes, and tells the worker', async () => {
    const { model, calls } = aModel();
    const spec: ViewSpec = { view: 'mediaList' };
    const off = model.subscribeView(spec, () => {});
    model.subscribeView(spec, () => {})();
    expect(calls.opened).toEqual([spec]);
    model.apply({ seq: 1, changed: { surveys: { 's-1': survey } }, removed: {}, views: { 1: { result: { ids: [], total: 0 }, refs: [['surveys', 's-1']] } } });
    expect(model.view(spec)).toEqual({ ids: [], total: 0 });
    expect(model.size).toBe(1);
    off();
    vi.advanceTimersByTime(LINGER_MS);
    expect(calls.closed).toEqual([1]);
    vi.advanceTimersByTime(2 * LINGER_MS);
    expect(model.size).toBe(0);
    expect(calls.released).toEqual([[['surveys', 's-1']]]);
  });

  it('releases again an entity sent after it was let go', () => {
    const { model, calls } = aModel();
    model.apply({ seq: 3, changed: { surveys: { 's-9': survey } }, removed: {} });
    expect(model.size).toBe(0);
    expect(calls.released).toEqual([[['surveys', 's-9']]]);
  });

  it('on a reset, drops what is not sent again and asks again for what is still read', async () => {
    const { model, calls } = aModel();
    model.subscribeEntity('surveys', 's-1', () => {});
    model.apply({ seq: 1, changed: { surveys: { 's-1': survey } }, removed: {} });
    await Promise.resolve();
    calls.fetched.length = 0;
    model.apply({ seq: 2, reset: true, changed: {}, removed: {} });
    await Promise.resolve();
    expect(model.get('surveys', 's-1')).toBeUndefined();
    expect(calls.fetched).toEqual([[['surveys', 's-1']]]);
  });
});
