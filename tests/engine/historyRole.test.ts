/**
 * History says the role someone acted in (issue 52, docs/history.md#the-entry): in a team world
 * whose server said the person's role, each entry keeps it (in the store, read back, exported and
 * imported) and the history row names it beside the person; in the one-laptop demo it says none.
 */
import { describe, expect, it } from 'vitest';
import { aSurvey, aWorld, ANN } from '../helpers/builders';
import { harness } from '../helpers/engineHarness';
import { inTeamAs } from '../helpers/teamPort';
import { historyOf } from '../helpers/history';

/** Ann's laptop with a survey assigned to her at Applanix; in a team world as `role` (null: the one-laptop demo). */
async function annsLaptop(roles: string[] | null) {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-1', mediaId: 'M1', stage: 'applanix', assignedTo: ANN });
  const h = await harness({ world: w });
  if (roles) inTeamAs(h.engine, ANN, roles);
  expect(await h.do({ type: 'processApplanix', surveyId: 's-1' })).toMatchObject({ ok: true });
  return h;
}

const applanixRow = async (h: Awaited<ReturnType<typeof annsLaptop>>) => (await historyOf(h.engine, 'surveys', 's-1')).rows.find((r) => r.what === 'Applanix confirmed')!;

describe('history says the role someone acted in (issue 52)', () => {
  it('a technician in a team world: the row says so, read back from the store', async () => {
    const h = await annsLaptop(['technician']);
    expect(await applanixRow(h)).toMatchObject({ by: { name: 'Ann Lee' }, role: 'geomatics technician' });
  });

  it('a coordinator: “data coordinator”; the one-laptop demo: no role', async () => {
    expect((await applanixRow(await annsLaptop(['coordinator']))).role).toBe('data coordinator');
    expect((await applanixRow(await annsLaptop(null))).role).toBe('');
  });

  it('the role travels with an export and an import, under the same proof', async () => {
    const h = await annsLaptop(['coordinator']);
    const text = await h.engine.exportWorld();
    const entry = (JSON.parse(text) as { history: { entries: { what: { kind: string }; role?: string }[] } }).history.entries.find((e) => e.what.kind === 'applanix');
    expect(entry?.role).toBe('coordinator');
    const other = await harness({ world: aWorld() });
    expect(await other.do({ type: 'importWorld', text })).toMatchObject({ ok: true });
    expect((await applanixRow(other)).role).toBe('data coordinator');
  });
});
