/**
 * Issue 13, fields bounded and shaped: an email of at most 254 characters; media ids of letters,
 * digits and '-', 1 to 16 characters; no label already in another drive or typed twice in one
 * receive, named beside the bay's field. A refused call changes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../worker/api';
import { ANN, aMedia, aWorld } from '../helpers/builders';
import { harness, type Harness } from '../helpers/engineHarness';

async function expectRefused(h: Harness, action: Action, error: string, field?: string) {
  h.engine.tick();
  const before = h.engine.serialise();
  const session = JSON.stringify(h.engine.world.current);
  expect(await h.do(action)).toEqual(field ? { ok: false, error, field } : { ok: false, error });
  expect(h.engine.serialise()).toBe(before);
  expect(JSON.stringify(h.engine.world.current)).toBe(session);
}

describe('login email is at most 254 characters', () => {
  const at = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

  it.each([255, 300, 100_000])('%i characters: invalid email', async (n) => {
    const h = await harness({ login: false });
    await expectRefused(h, { type: 'login', email: at(n), password: 'demo' }, 'invalid email', 'email');
  });

  it.each([
    ['a right-to-left override', 'ann\u202E@example.com'],
    ['a zero-width space', 'ann\u200B.lee@example.com'],
    ['a zero-width joiner', 'ann\u200D@example.com'],
    ['a NUL', 'ann\u0000@example.com'],
    ['a byte-order mark', 'ann@exa\uFEFFmple.com'],
  ])('an email with %s: invalid email (issue 19)', async (_what, email) => {
    const h = await harness({ login: false });
    await expectRefused(h, { type: 'login', email, password: 'demo' }, 'invalid email', 'email');
  });

  it('254 characters signs in', async () => {
    const h = await harness({ login: false });
    expect(await h.do({ type: 'login', email: at(254), password: 'demo' })).toMatchObject({ ok: true });
  });
});

describe('media ids when receiving', () => {
  /** drive-01 (two bays) holds new media; drive-02 holds TS007, received as HD1234. */
  async function twoDrives(): Promise<Harness> {
    const w = aWorld();
    aMedia(w, { mediaId: 'NEW1', stage: 'new', host: 'drive-01', bays: [1, 2] });
    const held = aMedia(w, { mediaId: 'TS007', stage: 'assign', host: 'drive-02' });
    held.itemIds = ['HD1234'];
    return harness({ world: w });
  }

  it.each([
    ['a space', 'TS 007', '"TS 007" is not a media id: use letters, digits and -, 1 to 16 characters'],
    ['a slash', 'TS/007', '"TS/007" is not a media id: use letters, digits and -, 1 to 16 characters'],
    ['markup', '<b>x</b>', '"<b>x</b>" is not a media id: use letters, digits and -, 1 to 16 characters'],
    ['17 characters', 'A'.repeat(17), `"${'A'.repeat(17)}" is not a media id: use letters, digits and -, 1 to 16 characters`],
    ['100 000 characters', 'B'.repeat(100_000), `"${'B'.repeat(20)}…" is not a media id: use letters, digits and -, 1 to 16 characters`],
    ['a path', '../../etc', '"../../etc" is not a media id: use letters, digits and -, 1 to 16 characters'],
  ])('%s is refused beside its field', async (_what, label, error) => {
    const h = await twoDrives();
    await expectRefused(h, { type: 'receiveMedia', host: 'drive-01', itemIds: ['OK-1', label] }, error, 'itemId:1');
  });

  it("a label already in another drive is refused, naming the drive (its media id or a received label)", async () => {
    const h = await twoDrives();
    await expectRefused(h, { type: 'receiveMedia', host: 'drive-01', itemIds: ['TS007', 'X1'] }, 'TS007 is already in drive-02', 'itemId:0');
    await expectRefused(h, { type: 'receiveMedia', host: 'drive-01', itemIds: ['X1', 'hd1234'] }, 'hd1234 is already in drive-02', 'itemId:1');
  });

  it('a label typed twice in one receive is refused', async () => {
    const h = await twoDrives();
    await expectRefused(h, { type: 'receiveMedia', host: 'drive-01', itemIds: ['HD9', 'hd9'] }, 'hd9 is typed twice in this receive', 'itemId:1');
  });

  it('good labels receive, and build the receive id', async () => {
    const h = await twoDrives();
    expect(await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: ['HD-0001', 'z9'] })).toMatchObject({ ok: true });
    expect(h.engine.world.index.media['NEW1']!.receiveId).toMatch(/^\d{6}_HD-0001_z9$/);
    expect(h.engine.world.current.user?.email).toBe(ANN);
  });
});

describe('the image proxy is an http(s) address (issue 19)', () => {
  const NOT_HTTP = 'The image proxy must be an http:// or https:// address, such as https://imageproxy.example/convert';

  it.each([
    ['javascript:', 'javascript:alert(1)', NOT_HTTP],
    ['another scheme', 'ftp://proxy.example/x', NOT_HTTP],
    ['plain text', 'imageproxy', NOT_HTTP],
    ['a space inside', 'https://proxy.example/a b', NOT_HTTP],
    ['no host', 'https://', NOT_HTTP],
    ['100 kB', `https://proxy.example/${'x'.repeat(100_000)}`, 'The image proxy address is longer than 2000 characters'],
  ])('%s is refused beside the field', async (_what, imageProxy, error) => {
    const h = await harness();
    await expectRefused(h, { type: 'setFlags', flags: { imageProxy } }, error, 'imageProxy');
    expect(h.engine.world.flags.imageProxy).toBe('');
  });

  it('an http(s) address is kept, and empty goes back to the embedded photos', async () => {
    const h = await harness();
    expect(await h.do({ type: 'setFlags', flags: { imageProxy: ' https://imageproxy.example/convert?fmt=jpg ' } })).toMatchObject({ ok: true });
    expect(h.engine.world.flags.imageProxy).toBe('https://imageproxy.example/convert?fmt=jpg');
    expect(await h.do({ type: 'setFlags', flags: { imageProxy: '' } })).toMatchObject({ ok: true });
    expect(h.engine.world.flags.imageProxy).toBe('');
  });
});
