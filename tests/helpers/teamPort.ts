/**
 * A laptop in a team world without a server (issue 52): the engine given a sync port whose team
 * account is `account` and whose roles are those the server's session would say, as
 * teamLink.connect gives it. What depends on the role alone (history, the lists) is tested over it.
 */
import type { Engine } from '../../worker/engine/engine';
import { enginePort } from '../../worker/sync/enginePort';
import { SyncJournal } from '../../worker/sync/out/journal';

export function inTeamAs(engine: Engine, account: string, roles: readonly string[]): void {
  const journal = new SyncJournal(`van-${account}`, new Map());
  journal.author = account;
  journal.roles = () => roles;
  engine.attachSync(enginePort(journal));
}
