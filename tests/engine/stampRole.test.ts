/**
 * A stamp's role as a laptop reads it (issue 52, docs/requirements.md#req-team-roles): one of the
 * team's two roles, or none (a document written before roles), and anything else refused, as any
 * bad part of a stamp. What the team server holds it to: teamRolesCurl.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { readTeamDoc } from '../../worker/sync/doc/teamDoc';
import type { StoredDoc } from '../../worker/sync/doc/database';
import { ANN, T0 } from '../helpers/builders';

const TECHNICIAN = ANN;

describe('a laptop reads a stamp’s role one way (issue 52)', () => {
  const doc = (stamp: Record<string, unknown>): StoredDoc =>
    ({ _id: 'speed', _rev: '1-a', kind: 'speed', speed: 10, stamp: { by: TECHNICIAN, laptop: 'l-1', at: T0, tx: 'tx-1', n: 1, ...stamp } }) as unknown as StoredDoc;

  it('a known role is read with the stamp; none is read as before', () => {
    expect(readTeamDoc(doc({ role: 'technician' }))).toMatchObject({ is: 'speed', stamp: { role: 'technician' } });
    const old = readTeamDoc(doc({}));
    expect(old).toMatchObject({ is: 'speed', speed: 10 });
    expect(old.stamp).not.toHaveProperty('role');
  });

  it('a role that is no role is refused, as any bad part of a stamp, and named', () => {
    for (const role of ['admin', '', 7, null, ['coordinator']]) {
      expect(readTeamDoc(doc({ role })), String(role)).toMatchObject({ is: 'refused', why: 'speed says it was written in a role the team does not have' });
    }
  });
});
