/**
 * The team server's last handler (issue 53, docs/security.md#the-team-server): an error thrown
 * anywhere before it is answered as CouchDB's JSON `{error, reason}`, never Express's page with a
 * stack trace and the install's paths.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { couchErrors } from '../../scripts/team/requestBody';

describe('an error thrown anywhere in the server is answered as CouchDB’s JSON, with no stack trace', () => {
  it.each([
    ['a handler that throws', 500, 'unknown_error'],
    ['a body express cannot read', 400, 'bad_request'],
  ])('%s: %i %s', async (what, status, error) => {
    const app = express();
    app.post('/x', express.json(), () => {
      throw new Error('at /work/secret/path.ts:1');
    });
    app.use(couchErrors());
    const listening = app.listen(0, '127.0.0.1');
    await new Promise((up) => listening.once('listening', up));
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/x`;
    const body = what === 'a handler that throws' ? '{}' : '{"broken';
    const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = await answer.text();
    listening.close();
    expect(answer.status).toBe(status);
    expect(JSON.parse(text)).toMatchObject({ error, reason: expect.any(String) as unknown });
    expect(text).not.toMatch(/secret|\n\s+at |<html/i);
  });
});
