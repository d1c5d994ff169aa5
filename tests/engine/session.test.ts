import { describe, expect, it } from 'vitest';
import { DEFAULT_FLAGS } from '../../worker/domain/constants';
import { checkCurrent, checkFlags, parseCurrent, parseFlags } from '../../worker/domain/session';
import { harness } from '../helpers/engineHarness';

describe('the stored session (current and flags)', () => {
  it('keeps a logged-in user and every known flag of the right type', () => {
    const user = { email: 'ada.lovelace@company.example', name: 'Ada Lovelace', initials: 'AL' };
    expect(checkCurrent(JSON.stringify({ loggedIn: true, user }))).toEqual({ value: { loggedIn: true, user }, repaired: [] });
    const flags = { projects: true, surveys: true, highlighter: false, speed: 100, imageProxy: 'https://proxy.example/convert?fmt=jpg' };
    expect(checkFlags(JSON.stringify(flags))).toEqual({ value: flags, repaired: [] });
  });

  it('falls back to nobody and the default flags for anything it cannot trust', () => {
    for (const raw of [null, '', '{', 'null', '42', '{"loggedIn":true}', '{"loggedIn":true,"user":{}}']) {
      expect(parseCurrent(raw)).toEqual({ loggedIn: false, user: null });
    }
    for (const raw of [null, '', '{', 'null', '"flags"']) expect(parseFlags(raw)).toEqual(DEFAULT_FLAGS);
    expect(parseFlags('{"speed":7,"projects":"yes","imageProxy":3}')).toEqual(DEFAULT_FLAGS);
  });

  it('says nothing when nothing was stored or nobody was signed in', () => {
    for (const raw of [null, 'null', '{"loggedIn":false,"user":null}']) expect(checkCurrent(raw).repaired).toEqual([]);
    for (const raw of [null, 'null', '{}']) expect(checkFlags(raw).repaired).toEqual([]);
  });
});

describe('a stored user of the wrong shape (issue 19)', () => {
  const stored = (user: unknown) => JSON.stringify({ loggedIn: true, user });

  it.each([
    ['a number', 5, 'the number 5'],
    ['an object', { first: 'x' }, 'an object'],
    ['a list', ['x'], 'a list'],
    ['null', null, 'empty'],
    ['hidden characters', 'Ann\u202Eeil', 'text that cannot be used'],
  ])('a name that is %s is made again from the email, and said', (_what, name, said) => {
    const read = checkCurrent(stored({ email: 'x@y.zz', name }));
    expect(read.value).toEqual({ loggedIn: true, user: { email: 'x@y.zz', name: 'X', initials: 'X' } });
    expect(read.repaired).toEqual([`the signed-in user's stored name was ${said}, so it was made again from the email`]);
  });

  it('initials of the wrong type are made again from the name', () => {
    const read = checkCurrent(stored({ email: 'ann.lee@example.com', name: 'Ann Lee', initials: { a: 1 } }));
    expect(read.value.user).toEqual({ email: 'ann.lee@example.com', name: 'Ann Lee', initials: 'AL' });
    expect(read.repaired).toEqual(["the signed-in user's stored initials were an object, so they were made again"]);
  });

  it.each([
    ['a number', 5],
    ['without a domain', 'ann@example'],
    ['longer than 254 characters', `${'a'.repeat(250)}@example.com`],
    ['with a right-to-left override', 'ann\u202E@example.com'],
    ['with a zero-width space', 'ann\u200B.lee@example.com'],
    ['with a NUL', 'ann\u0000@example.com'],
  ])('an email %s signs nobody in, and says so', (_what, email) => {
    expect(checkCurrent(stored({ email, name: 'Ann' }))).toEqual({
      value: { loggedIn: false, user: null },
      repaired: ['the stored sign-in had no valid email, so nobody is signed in'],
    });
  });

  it('flags of the wrong type or an image proxy that is no http(s) address go back to their defaults, and are named', () => {
    const read = checkFlags(JSON.stringify({ speed: 7, projects: 'yes', imageProxy: 'javascript:alert(1)', highlighter: false }));
    expect(read.value).toEqual({ ...DEFAULT_FLAGS, highlighter: false });
    expect(read.repaired).toEqual([
      'the stored setting "Include Projects Page" was text that cannot be used, so it is back to its default',
      'the stored setting "Simulation speed" was the number 7, so it is back to its default',
      'the stored setting "Image proxy" was text that cannot be used, so it is back to its default',
    ]);
    expect(checkFlags(JSON.stringify({ imageProxy: `https://proxy.example/${'x'.repeat(100_000)}` })).value.imageProxy).toBe('');
  });

  it('the engine boots with the repaired user, says what it repaired, and stores only the repaired user', async () => {
    const h = await harness({ login: false, stored: { current: stored({ email: 'x@y.zz', name: 5 }) } });
    expect(h.engine.world.current).toEqual({ loggedIn: true, user: { email: 'x@y.zz', name: 'X', initials: 'X' } });
    expect(h.boot.notices).toContainEqual({
      category: 'warning',
      text: "Some stored data was of the wrong shape and was repaired: the signed-in user's stored name was the number 5, so it was made again from the email.",
    });
    expect((await h.store.readAll()).meta?.current).toEqual({ loggedIn: true, user: { email: 'x@y.zz', name: 'X', initials: 'X' } });
  });
});
