import { it } from 'vitest';
import { Team, Join, Act, Quiet } from '../helpers/teamChaos';
import { startSyncServer } from '../../scripts/syncServer';
import { TEAM } from '../helpers/teamLaptops';

it('replay', async () => {
  const server = await startSyncServer({ port: 0, users: TEAM, vans: true });
  const team = await Team.start(server, 'replay-1', 3);
  const m = { steps: 0 };
  for (const c of [new Join(1, true), new Join(0, true), new Act(1, { op: 16, a: 0, b: 0, dt: 0 }), new Act(0, { op: 20, a: 0, b: 0, dt: 0 }), new Act(0, { op: 11, a: 0, b: 32, dt: 0 })]) await c.run(m, team);
  const [a, b] = team.laptops;
  try { await new Quiet().run(m, team); } catch (e) { console.log('FAIL', String(e)); }
  for (const l of [a!, b!]) {
    console.log(l.name, JSON.stringify(l.engine.world.index.captures['cap-1']!.selectedIds), Object.keys(l.engine.world.index.surveys), JSON.stringify(await l.sync.conflicts().then((c) => c.map((x) => x.id))), JSON.stringify((await l.sync.notTaken()).listed.map((n) => [n.id, n.state, n.why])));
  }
  await team.stop();
  await team.server.close();
}, 60_000);
