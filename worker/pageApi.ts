/**
 * The page's API (api.ts `PageApi`) over this tab's link to the leading tab: each call is
 * forwarded to the leader's engine, wherever it runs. Kept apart from the contract, which the page
 * imports as types and which therefore imports no implementation.
 */
import type { PageApi } from './api';
import type { LeaderLink } from './tabs';

export function createPageApi(leader: LeaderLink): PageApi {
  return {
    boot: (input) => leader.call('boot', input),
    dispatch: (action) => leader.call('dispatch', action),
    checkPodconfig: (files) => leader.call('checkPodconfig', files),
    search: (text) => leader.call('search', text),
    exportWorld: () => leader.call('exportWorld'),
    flush: () => leader.call('flush'),
    teamSync: (intent) => leader.call('teamSync', intent),
    openView: (viewId, spec) => leader.openView(viewId, spec),
    closeView: (viewId) => leader.closeView(viewId),
  };
}
