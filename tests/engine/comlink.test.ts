/**
 * The worker boundary: the page's API (worker/api.ts) over a real MessageChannel with Comlink, as
 * the page uses it, with the page events on the same port as the answers. An action's rows arrive
 * in one page event before its answer: the call, one page event, the answer. That nothing else
 * crossed is told once a later call's answer is in (the port keeps its order), never after a wait.
 */
import { describe, expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter';
import type { PageApi, PageEvent, WorkerMessage } from '../../worker/api';
import { createPageApi } from '../../worker/pageApi';
import { createEngine } from '../../worker/engine/engine';
import { memoryStore } from '../../worker/engine/store/worldStore';
import { Leader } from '../../worker/leader';
import { Tabs } from '../../worker/tabs';
import { ManualClock } from '../helpers/manualClock';
import { aWorld, T0 } from '../helpers/builders';
import { bootInput } from '../helpers/engineHarness';

describe('Comlink boundary', () => {
  it('boots, answers views, dispatches and searches over a MessageChannel; rows arrive before the answer', async () => {
    const { port1, port2 } = new MessageChannel();
    const clock = new ManualClock(T0);
    const engine = createEngine({ clock, store: memoryStore(), loadText: async () => JSON.stringify(aWorld()) });
    const worker = nodeEndpoint(port1);
    const tabs = new Tabs({ tabId: 'tab', makeLeader: (deliver) => new Leader(engine, deliver), toPage: (m: WorkerMessage) => worker.postMessage(m) });
    Comlink.expose(createPageApi(tabs), worker);
    const page = nodeEndpoint(port2);
    const remote = Comlink.wrap<PageApi>(page);
    // What crosses to the page, in order: page events, and Comlink's answers.
    const seen: string[] = [];
    const events: PageEvent[] = [];
    page.addEventListener('message', (e) => {
      const data = (e as MessageEvent).data as WorkerMessage | { id?: string };
      if ('type' in data && data.type === 'page-event') {
        events.push(data.event);
        seen.push('event');
      } else if ('id' in data) seen.push('answer');
    });
    /**
     * What crossed for one call, up to the answer of a later call that sends no page event (a
     * search): anything the first sent after its answer is on the port before the later answer.
     */
    const crossings = async (call: () => Promise<unknown>): Promise<{ answer: unknown; seen: string[] }> => {
      seen.length = 0;
      const answer = await call();
      await remote.search('');
      return { answer, seen: [...seen] };
    };

    // The page boots with the session only; what it shows, it asks for.
    expect(await remote.boot(bootInput())).toEqual({ current: { loggedIn: false, user: null }, flags: expect.objectContaining({ speed: 1 }) });
    await remote.openView(1, { view: 'drives' });
    expect(events.at(-1)?.views?.[1]).toMatchObject({ answer: { rows: [expect.objectContaining({ host: 'drive-01' }), expect.objectContaining({ host: 'drive-02' })] } });

    expect(await remote.dispatch({ type: 'login', email: 'bad', password: 'demo' })).toEqual({ ok: false, error: 'invalid email', field: 'email' });
    expect(await remote.dispatch({ type: 'login', email: 'ann.lee@example.com', password: 'demo' })).toMatchObject({ ok: true, session: { current: { loggedIn: true } } });
    // A search sends no page event: its answer alone crosses.
    expect((await crossings(() => remote.search('cp00'))).seen).toEqual(['answer', 'answer']);
    const inserted = await crossings(() =>
      remote.dispatch({ type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-14' }] }),
    );
    expect(inserted.answer).toMatchObject({ ok: true, flash: { text: 'media inserted into drive-01' } });
    // One page event with the drive's new row, then the answer, then the later search's answer:
    // nothing else crossed, before the answer or after it.
    expect(inserted.seen).toEqual(['event', 'answer', 'answer']);
    expect(events.at(-1)?.views?.[1]).toMatchObject({ patch: expect.anything() });
    // Receive and Assign likewise: three crossings each (the call, one page event, the answer).
    const received = await crossings(() => remote.dispatch({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A1'] }));
    expect(received.answer).toMatchObject({ ok: true });
    expect(received.seen).toEqual(['event', 'answer', 'answer']);
    clock.advance(10 * 60_000);
    await engine.settled();
    // The ticks' page events are ahead of this answer on the port: all in once it comes.
    await remote.checkPodconfig([]);
    const mediaId = engine.world.index.drives['drive-01']!.mediaId!;
    const assigned = await crossings(() => remote.dispatch({ type: 'assignSurveys', mediaId }));
    expect(assigned.answer).toMatchObject({ ok: true, flash: { text: 'assigned surveys' } });
    expect(assigned.seen).toEqual(['event', 'answer', 'answer']);
    expect((await remote.search('cp00')).map((e) => e.id)).toEqual(['cap-1', 'cap-2']);

    // A closed view hears nothing more: an action that changes its drive's row is answered, and
    // no event for view 1 came before that answer (nor before the later search's).
    await remote.closeView(1);
    const count = events.length;
    const ejected = await crossings(() => remote.dispatch({ type: 'ejectMedia', host: 'drive-01' }));
    expect(ejected.answer).toMatchObject({ ok: true });
    expect(events.slice(count).some((e) => e.views?.[1])).toBe(false);
    engine.stop();
    port1.close();
    port2.close();
  });
});
