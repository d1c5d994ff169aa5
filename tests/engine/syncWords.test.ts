/**
 * One word for each thing sync tells a person (issue 51): "not sent", this laptop's changes the team
 * server does not have yet; "not taken", the team's changes this laptop did not take; "refused",
 * this laptop's changes the team server would not take, counted apart from the team's.
 */
import { describe, expect, it } from 'vitest';
import { notTakenText, refusedText, syncStateText } from '../../src/shell/syncStateText';
import { FACTS_OFF, syncStatus, type SyncFacts } from '../../worker/sync/syncStatus';
import { NotTaken } from '../../worker/sync/in/notTaken';

const joined: SyncFacts = { ...FACTS_OFF, settings: { server: '/couch', world: 'team' }, server: 'answers' };
const stamp = { by: 'ann@aerial.example', laptop: 'l-1', at: 1, tx: '', n: 0 };

describe('the words of the badge and Settings', () => {
  it('says this laptop’s changes the server does not have as "not sent", never "waiting"', () => {
    expect(syncStateText(syncStatus({ ...joined, server: 'unreachable', unsent: 2 }))).toBe('Offline \u00b7 2 not sent');
    expect(syncStateText(syncStatus({ ...joined, unsent: 1_200 }))).toBe('Syncing \u00b7 1,200 not sent');
    expect(syncStateText(syncStatus({ ...joined, server: 'signed-out', unsent: 1 }))).toBe('Sign in to sync \u00b7 1 not sent');
    expect(syncStateText(syncStatus({ ...joined, server: 'unreachable' }))).toBe('Offline');
  });

  it('counts the server’s refusals apart from the team’s changes not taken', () => {
    const status = syncStatus({ ...joined, notTaken: 2, denied: 1 });
    expect(status).toMatchObject({ state: 'error', notTaken: 2, refused: 1 });
    expect(refusedText(status)).toBe('1 change refused');
    expect(notTakenText(status)).toBe('2 changes not taken');
    const none = syncStatus(joined);
    expect(none).not.toHaveProperty('refused');
    expect([refusedText(none), notTakenText(none)]).toEqual([null, null]);
  });

  it('leaves this laptop’s refused changes out of the count of the team’s not taken', () => {
    const list = new NotTaken();
    const change = list.change();
    change.set('surveys:mine', { state: 'denied', rev: '', why: 'The team server refused this change', stamp });
    change.set('surveys:theirs', { state: 'refused', rev: '2-a', why: 'its size is not a size', stamp: { ...stamp, tx: 't-1' } });
    change.apply();
    expect([list.changes(), list.denied()]).toEqual([1, 1]);
    expect(list.listed().map(([id]) => id).sort()).toEqual(['surveys:mine', 'surveys:theirs']);
  });
});
