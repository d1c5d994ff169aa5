import { describe, expect, it } from 'vitest';
import { DEFAULT_FLAGS } from '../../worker/domain/constants';
import { parseCurrent, parseFlags } from '../../worker/domain/session';

describe('the stored session (current and flags)', () => {
  it('keeps a logged-in user and every known flag of the right type', () => {
    const user = { email: 'ada.lovelace@company', name: 'Ada Lovelace', initials: 'AL' };
    expect(parseCurrent(JSON.stringify({ loggedIn: true, user }))).toEqual({ loggedIn: true, user });
    const flags = { projects: true, surveys: true, highlighter: false, speed: 100, imageProxy: 'https://proxy' };
    expect(parseFlags(JSON.stringify(flags))).toEqual(flags);
  });

  it('falls back to nobody and the default flags for anything it cannot trust', () => {
    for (const raw of [null, '', '{', 'null', '42', '{"loggedIn":true}', '{"loggedIn":true,"user":{}}']) {
      expect(parseCurrent(raw)).toEqual({ loggedIn: false, user: null });
    }
    for (const raw of [null, '', '{', 'null', '"flags"']) expect(parseFlags(raw)).toEqual(DEFAULT_FLAGS);
    expect(parseFlags('{"speed":7,"projects":"yes","imageProxy":3}')).toEqual(DEFAULT_FLAGS);
  });
});
