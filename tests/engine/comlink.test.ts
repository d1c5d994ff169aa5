/** The worker boundary: the page API (views over the engine) over a real MessageChannel with Comlink, as the UI uses it. */
import { describe, expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter';
import type { PageApi } from '../../worker/views/hub';
import { viewHub } from '../../worker/views/hub';
import type { PageEvent } from '../../worker/views/types';
import { createEngine } from '../../worker/engine/engine';
import { remoteApi } from '../../worker/engine/remote';
import { memoryStore } from '../../worker/engine/store/worldStore';
import { ManualClock } from '../helpers/manualClock';
import { aWorld, T0 } from '../helpers/builders';

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('Comlink boundary', () => {
  it('boots, dispatches, searches and streams events over a MessageChannel; unsubscribe releases', async () => {
    const { port1, port2 } = new MessageChannel();
    const clock = new ManualClock(T0);
    const engine = createEngine({ clock, store: memoryStore(), loadText: async () => JSON.stringify(aWorld()), cloneEvents: false, lightSnapshots: true });
    Comlink.expose(remoteApi(viewHub(engine)), nodeEndpoint(port1));
    const remote = Comlink.wrap<PageApi>(nodeEndpoint(port2));

    const events: PageEvent[] = [];
    const unsubscribe = await remote.subscribe(Comlink.proxy((e: PageEvent) => void events.push(e)));
    // The page boots with the session only; what it shows, it asks for.
    const booted = await remote.boot({ stored: { db: null, version: null, current: null, flags: null }, baseUrl: 'http://x/' });
    expect(booted).toEqual({ current: { loggedIn: false, user: null }, flags: expect.objectContaining({ speed: 1 }) });
    await remote.openView(1, { view: 'captureTable', by: 'captureId', dir: 'asc', stage: null });
    await until(() => events.length > 0);
    expect(events[0]).toMatchObject({ seq: 1, views: { 1: { result: { ids: ['cap-1', 'cap-2'], total: 2 } } } });
    expect(Object.keys(events[0]!.changed.captures ?? {})).toEqual(['cap-1', 'cap-2']);
    events.length = 0;

    expect(await remote.dispatch({ type: 'login', email: 'bad', password: 'demo' })).toEqual({ ok: false, error: 'invalid email', field: 'email' });
    expect(await remote.dispatch({ type: 'login', email: 'ann.lee@example.com', password: 'demo' })).toMatchObject({ ok: true, session: { current: { loggedIn: true } } });
    await until(() => events.length > 0);
    expect(events[0]).toMatchObject({ seq: 2, current: { loggedIn: true } });
    expect((await remote.search('cp00')).map((e) => e.id)).toEqual(['cap-1', 'cap-2']);

    await unsubscribe();
    await remote.dispatch({ type: 'setFlags', flags: { projects: true } });
    await new Promise((r) => setTimeout(r, 20));
    expect(events).toHaveLength(1);
    engine.stop();
    port1.close();
    port2.close();
  });
});
