/**
 * The clock's table of active workflows (engine/activeTable.ts): whatever workflows start, move
 * and stop, a commit takes exactly the figures shown since the last one, by id, leaving out the
 * entities changed whole (their new rows carry their progress); a freed slot is used again.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ActiveTable, type Timed } from '../../worker/engine/activeTable';

const timed = (): Timed =>
  ({
    workflow: { stages: [{ name: 'copy', automatic: true, state: 'working', startedAt: 0, expectedEndAt: 60_000 }], current: 0 },
    stage: { name: 'copy', state: 'working', statusLabel: 'Copying' },
  }) as unknown as Timed;

/** A workflow of the table shows new figures (what the clock does when they change). */
function show(out: ActiveTable, id: string, percent: number, left: number) {
  const table = out.of('surveys');
  table.enter(id, timed());
  const slot = table.ids.indexOf(id);
  table.show(slot, percent, left, `${left}s`);
}

type Step = { op: 'patch' | 'stop' | 'take'; id: number; percent: number };

const step: fc.Arbitrary<Step> = fc.record({
  op: fc.constantFrom('patch', 'patch', 'patch', 'stop', 'take'),
  id: fc.nat(12),
  percent: fc.nat(100),
});

describe('the active table', () => {
  it('takes every figure shown since the last commit, by id, but those of entities changed whole', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 200 }), (steps) => {
        const out = new ActiveTable();
        let shown: [string, number][] = [];
        const whole = new Set<string>();
        const take = () => {
          const got = out.takePatches(() => whole).map(([kind, id, percent]) => {
            expect(kind).toBe('surveys');
            return [id, percent];
          });
          expect(got).toEqual(shown.filter(([id]) => !whole.has(id)));
          shown = [];
          whole.clear();
        };
        for (const s of steps) {
          const id = `s-${s.id}`;
          if (s.op === 'patch') {
            show(out, id, s.percent, 60);
            shown.push([id, s.percent]);
            if (s.percent % 7 === 0) whole.add(id);
          } else if (s.op === 'stop') out.of('surveys').leave(id);
          else take();
        }
        take();
      }),
      { numRuns: 300 },
    );
  });

  it('a freed slot is used again', () => {
    const out = new ActiveTable();
    show(out, 'a', 1, 60);
    show(out, 'b', 2, 60);
    expect(out.takePatches(() => undefined)).toEqual([
      ['surveys', 'a', 1, 60],
      ['surveys', 'b', 2, 60],
    ]);
    out.of('surveys').leave('a');
    show(out, 'c', 3, 60);
    expect(out.of('surveys').ids.indexOf('c')).toBe(0);
    expect(out.of('surveys').count).toBe(2);
  });
});
