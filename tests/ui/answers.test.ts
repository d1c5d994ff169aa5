/**
 * The page's answers keep the identity of what did not change, also when the worker answers a
 * view whole (the end of a boot's first look re-answers every open view): a row equal to the one
 * on screen stays the same object, so its memoised element is not rendered or committed again.
 */
import { describe, expect, it } from 'vitest';
import { Answers } from '../../src/engine/answers';
import { DEFAULT_FLAGS } from '../../worker/domain/constants';
import type { ViewSpec } from '../../worker/screens';

const spec = { view: 'captures', by: 'captureId', dir: 'asc', stage: null, starredBy: null, start: 0, count: 50 } as ViewSpec;
const row = (key: string, stage: string) => ({ key, captureId: key, stage: { label: stage } });

function answersWithView() {
  const opened: number[] = [];
  const answers = new Answers({ loggedIn: false, user: null }, { ...DEFAULT_FLAGS }, { openView: (id) => opened.push(id), closeView: () => undefined });
  let heard = 0;
  answers.subscribeView(spec, () => heard++);
  const id = opened[0]!;
  let seq = 0;
  const answer = (rows: unknown[]) => answers.apply({ seq: ++seq, views: { [id]: { answer: { rows, total: rows.length, start: 0 } as never } } });
  const shown = () => answers.view(spec).answer as unknown as { rows: unknown[] };
  return { answer, shown, heard: () => heard };
}

describe('a whole answer', () => {
  it('equal to the one shown changes nothing and tells no one', () => {
    const page = answersWithView();
    page.answer([row('a', 'Received'), row('b', 'QC')]);
    const before = page.shown();
    const heard = page.heard();
    page.answer([row('a', 'Received'), row('b', 'QC')]);
    expect(page.shown()).toBe(before);
    expect(page.heard()).toBe(heard);
  });

  it('keeps the rows that did not change, and takes the ones that did', () => {
    const page = answersWithView();
    page.answer([row('a', 'Received'), row('b', 'QC'), row('c', 'QC')]);
    const before = page.shown();
    page.answer([row('a', 'Received'), row('b', 'Processing'), row('c', 'QC')]);
    const after = page.shown();
    expect(after).not.toBe(before);
    expect(after.rows[0]).toBe(before.rows[0]);
    expect(after.rows[2]).toBe(before.rows[2]);
    expect(after.rows[1]).toEqual(row('b', 'Processing'));
  });

  it('of other rows replaces the list', () => {
    const page = answersWithView();
    page.answer([row('a', 'Received')]);
    page.answer([row('z', 'QC')]);
    expect(page.shown().rows).toEqual([row('z', 'QC')]);
  });
});
