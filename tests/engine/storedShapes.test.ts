/**
 * Issue 19, stored values of any shape: `current`, `flags` and a stored world whose fields were
 * replaced by random values. Reading them never throws, always gives a session, settings and a world
 * that meet every rule, and says what it had to drop or repair whenever it did.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_FLAGS, SIMULATION_SPEEDS } from '../../worker/domain/constants';
import { imageProxyProblem } from '../../worker/domain/imageProxy';
import { restore } from '../../worker/domain/restore';
import { checkCurrent, checkFlags } from '../../worker/domain/session';
import { checkedFields, keyRule } from '../../worker/domain/storedFields';
import type { EntityKind } from '../../worker/domain/types';
import type { Db } from '../../worker/domain/dataFile';
import { isEmail } from '../../worker/domain/users';
import { serialise } from '../../worker/engine/persistence';
import { ENTITY_KINDS } from '../../worker/domain/restore';
import { aMedia, aSurvey, aWorld, ANN, T0 } from '../helpers/builders';

/** Values of every JSON shape, with the ones that matter here more often. */
const shape = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(5, -1, 0, true, null, [], {}, '', ' ', 'x@y.zz', 'javascript:alert(1)', 'https://proxy.example/x', '\u202Ex@y.zz', 'a\u0000b', '2024-99-99', '0001-01-01', 'B'.repeat(5000)),
);

describe('current and flags of any shape (issue 19)', () => {
  const currentLike = fc.oneof(
    shape,
    fc.record({ loggedIn: fc.oneof(fc.constant(true), shape), user: fc.oneof(shape, fc.record({ email: shape, name: shape, initials: shape }, { requiredKeys: [] })) }, { requiredKeys: [] }),
  );

  it('a stored current always reads as nobody or a user with a good email and text name, and a dropped sign-in is said', () => {
    fc.assert(
      fc.property(fc.oneof(currentLike.map((v) => JSON.stringify(v)), fc.string(), fc.constant(null)), (raw) => {
        const { value, repaired } = checkCurrent(raw);
        if (value.loggedIn) {
          expect(isEmail(value.user?.email)).toBe(true);
          expect(typeof value.user?.name).toBe('string');
          expect(typeof value.user?.initials).toBe('string');
        } else expect(value.user).toBeNull();
        const parsed = (() => {
          try {
            return raw === null ? null : (JSON.parse(raw) as unknown);
          } catch {
            return undefined;
          }
        })();
        const wantedIn = typeof parsed === 'object' && parsed !== null && (parsed as { loggedIn?: unknown }).loggedIn === true;
        if (wantedIn && !value.loggedIn) expect(repaired.length).toBeGreaterThan(0);
        const name = wantedIn ? (parsed as { user?: { name?: unknown } }).user?.name : undefined;
        if (value.loggedIn && name !== undefined && name !== value.user?.name && (typeof name !== 'string' || name.trim())) expect(repaired.join(' ')).toMatch(/name/);
      }),
      { numRuns: 500 },
    );
  });

  it('stored flags always read as good flags, and every flag put back to its default is named', () => {
    const flagsLike = fc.record({ projects: shape, surveys: shape, highlighter: shape, speed: fc.oneof(fc.constantFrom(...SIMULATION_SPEEDS), shape), imageProxy: shape }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.oneof(flagsLike.map((v) => JSON.stringify(v)), shape.map((v) => JSON.stringify(v)), fc.constant(null)), (raw) => {
        const { value, repaired } = checkFlags(raw);
        expect(Object.keys(value).sort()).toEqual(Object.keys(DEFAULT_FLAGS).sort());
        for (const key of ['projects', 'surveys', 'highlighter'] as const) expect(typeof value[key]).toBe('boolean');
        expect(SIMULATION_SPEEDS).toContain(value.speed);
        expect(imageProxyProblem(value.imageProxy)).toBeNull();
        const given = JSON.parse(raw ?? 'null') as Record<string, unknown> | null;
        if (given && typeof given === 'object' && !Array.isArray(given)) {
          for (const key of Object.keys(DEFAULT_FLAGS) as (keyof typeof DEFAULT_FLAGS)[]) {
            const kept = key === 'imageProxy' && typeof given[key] === 'string' ? (given[key] as string).trim() : given[key];
            if (given[key] !== undefined && kept !== value[key]) expect(repaired.length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

/** A small stored world with one entity of each kind worth breaking. */
function storedWorld(): Record<string, unknown> {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-1', mediaId: 'M1', stage: 'survey-qc', assignedTo: ANN });
  aMedia(w, { mediaId: 'NEW1', stage: 'new', host: 'drive-01', bays: [1, 2] });
  return JSON.parse(serialise({ ...w, savedAt: T0, loadedAt: T0 } as Db)) as Record<string, unknown>;
}

/** Every field of every entity of the stored world, as [kind, id, field]. */
const FIELDS: [EntityKind, string, string][] = (() => {
  const w = storedWorld() as { index: Record<EntityKind, Record<string, Record<string, unknown>>> };
  const out: [EntityKind, string, string][] = [];
  for (const kind of ENTITY_KINDS) for (const [id, e] of Object.entries(w.index[kind])) for (const field of Object.keys(e)) out.push([kind, id, field]);
  return out;
})();

/** Every entity of a restored world meets the rules restore() reads by. */
function expectValid(db: Db): void {
  for (const kind of ENTITY_KINDS) {
    for (const [id, entity] of Object.entries(db.index[kind])) {
      expect(keyRule(kind).ok(id)).toBe(true);
      checkedFields(kind, entity as unknown as Record<string, unknown>, `${kind}.${id}`, (path) => expect.fail(`${path} breaks its rule`));
    }
  }
  // What was read back can be stored and read strictly again.
  const again = restore(serialise(db), T0, { source: 'again' });
  expect(again.ok ? 'ok' : again.error).toBe('ok');
}

describe('a stored world with fields of any shape (issue 19)', () => {
  it('is read without a throw into a world that meets every rule, and says what it dropped or repaired', () => {
    const change = fc.tuple(fc.constantFrom(...FIELDS), shape);
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 4 }), (changes) => {
        const w = storedWorld() as { index: Record<string, Record<string, Record<string, unknown>>> };
        for (const [[kind, id, field], value] of changes) w.index[kind]![id]![field] = value;
        const text = JSON.stringify(w);
        const strict = restore(text, T0, { source: 'stored data' });
        const read = restore(text, T0, { source: 'stored data', repair: true });
        if (!read.ok) return; // the copy as a whole (never a field) could not be read: the boot says so
        expectValid(read.db);
        // Whatever the strict reading refuses, the repairing one names.
        if (!strict.ok) expect(read.repaired.length).toBeGreaterThan(0);
        else expect(read.repaired).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
