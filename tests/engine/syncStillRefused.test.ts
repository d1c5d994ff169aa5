/**
 * A refusal is mended only when the server holds every live version the laptop holds of the
 * document (worker/sync/out/stillRefused.ts): the server holding the laptop's winner alone leaves
 * a refused losing version as a conflict only this laptop shows, and the laptop must not say Up to
 * date over it.
 */
import { expect, it } from 'vitest';
import PouchDB from '../helpers/pouch';
import { stillRefused } from '../../worker/sync/out/stillRefused';

let dbs = 0;
const memory = () => new PouchDB(`still-refused-${++dbs}`, { adapter: 'memory' });
const version = (rev: string, body: object) => ({ _id: 'surveys:s-1', _rev: rev, _revisions: { start: 1, ids: [rev.slice(2)] }, ...body });

it('a document the server holds every live version of is no longer refused', async () => {
  const laptop = memory();
  const server = memory();
  await laptop.bulkDocs([version('1-aaaa', { stage: 'QC' })], { new_edits: false });
  expect(await stillRefused(laptop, server, ['surveys:s-1'])).toEqual(['surveys:s-1']);
  await server.bulkDocs([version('1-aaaa', { stage: 'QC' })], { new_edits: false });
  expect(await stillRefused(laptop, server, ['surveys:s-1'])).toEqual([]);
});

it('a losing version the server refused stays refused while the server holds the winner', async () => {
  const laptop = memory();
  const server = memory();
  // The teammate's version wins (the higher hash), and the server holds it; this laptop's lost, refused.
  await laptop.bulkDocs([version('1-ffff', { stage: 'Processing' }), version('1-1111', { stage: 'QC' })], { new_edits: false });
  await server.bulkDocs([version('1-ffff', { stage: 'Processing' })], { new_edits: false });
  expect((await laptop.get('surveys:s-1'))._rev).toBe('1-ffff');
  expect(await stillRefused(laptop, server, ['surveys:s-1'])).toEqual(['surveys:s-1']);
  // The server given that version too (its author sent it): mended.
  await server.bulkDocs([version('1-1111', { stage: 'QC' })], { new_edits: false });
  expect(await stillRefused(laptop, server, ['surveys:s-1'])).toEqual([]);
});

it('a document the laptop no longer holds stays refused: what it was is not known', async () => {
  expect(await stillRefused(memory(), memory(), ['surveys:gone'])).toEqual(['surveys:gone']);
});
