/**
 * Progress by slot: whatever workflows start, move and stop, a receiver that follows the events in
 * order (or starts from a snapshot's table) reads every patch under the right id.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ActiveTable, SlotTable, type Timed } from '../../worker/engine/progressSlots';

const timed = (): Timed =>
  ({
    workflow: { stages: [{ name: 'copy', automatic: true, state: 'working', startedAt: 0, expectedEndAt: 60_000 }], current: 0 },
    stage: { name: 'copy', state: 'working', statusLabel: 'Copying' },
  }) as unknown as Timed;

/** A workflow of the table shows new figures (what the clock does when they change). */
function show(out: ActiveTable, id: string, percent: number, left: number) {
  const table = out.of('surveys');
  table.enter(id, timed(), true);
  const slot = Object.entries(table.table()).find(([, name]) => name === id)![0];
  table.show(Number(slot), percent, left, `${left}s`);
}

type Step = { op: 'patch' | 'stop' | 'send'; id: number; percent: number };

const step: fc.Arbitrary<Step> = fc.record({
  op: fc.constantFrom('patch', 'patch', 'patch', 'stop', 'send'),
  id: fc.nat(12),
  percent: fc.nat(100),
});

describe('progress by slot', () => {
  it('reads every patch under its own id, for a receiver from the start and one from a snapshot', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 200 }), fc.nat(200), (steps, joinAt) => {
        const out = new ActiveTable();
        const first = new SlotTable();
        let late: SlotTable | null = null;
        let sent: [string, number][] = [];
        const whole = new Set<string>();
        const send = () => {
          const event = out.drain(() => whole);
          for (const table of [first, late]) {
            if (!table) continue;
            table.learn(event.slots);
            const read: [string, number][] = [];
            table.read(event.progress, (kind, id, percent) => {
              expect(kind).toBe('surveys');
              read.push([id, percent]);
            });
            // Entities sent whole carry their progress: their patches are left out.
            expect(read).toEqual(sent.filter(([id]) => !whole.has(id)));
          }
          sent = [];
          whole.clear();
        };
        steps.forEach((s, n) => {
          if (n === joinAt && !late) {
            send();
            late = new SlotTable();
            late.replace(out.table());
          }
          const id = `s-${s.id}`;
          if (s.op === 'patch') {
            show(out, id, s.percent, 60);
            sent.push([id, s.percent]);
            if (s.percent % 7 === 0) whole.add(id);
          } else if (s.op === 'stop') out.of('surveys').leave(id);
          else send();
        });
        send();
      }),
      { numRuns: 300 },
    );
  });

  it('names a slot once and gives a freed one again only in a later event', () => {
    const out = new ActiveTable();
    show(out, 'a', 1, 60);
    show(out, 'b', 2, 60);
    expect(out.drain(() => undefined)).toEqual({ progress: { surveys: [0, 1, 60, 1, 2, 60] }, slots: { surveys: { 0: 'a', 1: 'b' } } });
    out.of('surveys').leave('a');
    show(out, 'c', 3, 60);
    show(out, 'b', 4, 59);
    // 'a' was let go in this commit: its slot waits for the next event.
    expect(out.drain(() => undefined)).toEqual({ progress: { surveys: [2, 3, 60, 1, 4, 59] }, slots: { surveys: { 2: 'c' } } });
    show(out, 'd', 5, 60);
    expect(out.drain(() => undefined)).toEqual({ progress: { surveys: [0, 5, 60] }, slots: { surveys: { 0: 'd' } } });
    expect(out.table()).toEqual({ media: {}, surveys: { 0: 'd', 1: 'b', 2: 'c' }, captures: {} });
  });

  it('a new world enters its active workflows unnamed: the snapshot after a load carries the table', () => {
    const out = new ActiveTable();
    out.clear();
    out.of('surveys').enter('a', timed(), false);
    out.of('media').enter('m', timed(), false);
    expect(out.drain(() => undefined)).toEqual({});
    expect(out.table()).toEqual({ media: { 0: 'm' }, surveys: { 0: 'a' }, captures: {} });
  });
});
