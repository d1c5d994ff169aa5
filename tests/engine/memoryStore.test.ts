/**
 * The benchmark's store (docs/engine.md#the-benchmarks-store): kept as bytes, it answers every read
 * as the tests' store does after the same actions and ticks, history included, and its records are
 * no live objects a later commit could share.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { memoryStore } from '../../worker/engine/store/worldStore';
import { harness } from '../helpers/engineHarness';
import { actOut, intent } from '../helpers/randomActions';
import { allEntries } from '../../worker/engine/historyExport';

describe('a store kept as bytes', () => {
  it('reads back what the store of live copies does, after the same actions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(intent, { minLength: 5, maxLength: 25 }), async (intents) => {
        const [live, bytes] = await Promise.all([harness({ store: memoryStore() }), harness({ store: memoryStore({ serialised: true }) })]);
        for (const h of [live, bytes]) {
          await actOut(h, intents);
          h.engine.stop();
        }
        expect([...bytes.store.data.values()].every((v) => v instanceof Uint8Array)).toBe(true);
        expect(await bytes.store.readAll()).toEqual(JSON.parse(JSON.stringify(await live.store.readAll())));
        expect(await bytes.store.readKinds(['captureRows', 'favourites'])).toEqual(JSON.parse(JSON.stringify(await live.store.readKinds(['captureRows', 'favourites']))));
        expect(await allEntries(bytes.store)).toEqual(await allEntries(live.store));
      }),
      { numRuns: 10 },
    );
  }, 60_000);
});
