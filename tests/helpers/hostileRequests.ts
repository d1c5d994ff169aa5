/**
 * A member's requests that the team server must refuse (issue 53, docs/security.md#the-team-server),
 * as the random-schedule test's hostile member sends them between the team's steps: code to run,
 * design documents and the server's own `_security` written by the back door, validation dodged
 * by a falsy `new_edits` or a body no laptop sends. tests/engine/serverRequests.test.ts holds the
 * whole table with CouchDB 3's answers; here each must simply be refused, whatever the team is
 * doing meanwhile.
 */
import { passwordOf } from './teamLaptops';

const PROBE = "function (doc) { globalThis.constructor.constructor('return process')().env.SERVER_PROBE_RAN = 'yes'; }";

interface Request {
  what: string;
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

function requests(world: string, member: string): Request[] {
  const stamp = { by: member, laptop: 'curl', at: 0, tx: 'tx-hostile', n: 1 };
  const star = { _id: `favourite:${encodeURIComponent(member)}:captures:cap-1`, kind: 'favourite', star: { email: member, kind: 'captures', id: 'cap-1' }, stamp };
  const json = (body: unknown) => JSON.stringify(body);
  return [
    { what: 'a temporary view that reaches the server’s process', method: 'POST', path: `/${world}/_temp_view`, body: json({ map: PROBE }) },
    { what: 'a design document by _design%2F', method: 'PUT', path: `/${world}/_design%2Fevil`, body: json({ validate_doc_update: PROBE }) },
    { what: 'a design document named by the body’s _id', method: 'PUT', path: `/${world}/${encodeURIComponent(star._id)}`, body: json({ ...star, _id: '_design/evil' }) },
    { what: 'the world’s _security written as a local document', method: 'PUT', path: `/${world}/_local/_security`, body: json({ admins: { names: [member] }, members: { names: [member] } }) },
    { what: 'a copy of a local document onto a design document', method: 'COPY', path: `/${world}/_local/probe`, headers: { destination: '_design/evil' } },
    { what: 'a _bulk_docs with new_edits: 0', method: 'POST', path: `/${world}/_bulk_docs`, body: json({ docs: [star], new_edits: 0 }) },
    { what: 'a _bulk_docs sent as text/plain', method: 'POST', path: `/${world}/_bulk_docs`, body: json({ docs: [star] }), headers: { 'content-type': 'text/plain' } },
  ];
}

/** Sends request `pick` of the list as `member`; a request the server takes is a failure, named. */
export async function sendHostileRequest(origin: string, world: string, member: string, pick: number): Promise<void> {
  const list = requests(world, member);
  const request = list[pick % list.length]!;
  const answer = await fetch(`${origin}/couch${request.path}`, {
    method: request.method,
    headers: { authorization: `Basic ${Buffer.from(`${member}:${passwordOf(member)}`).toString('base64')}`, 'content-type': 'application/json', ...request.headers },
    ...(request.body === undefined ? {} : { body: request.body }),
  }).catch(() => null);
  // The server restarting meanwhile answers nothing: nothing was taken.
  if (!answer) return;
  const text = await answer.text().catch(() => '');
  if (answer.status < 400) throw new Error(`The team server took a member’s request it must refuse: ${request.what} (${request.method} ${request.path} answered ${answer.status}: ${text.slice(0, 200)})`);
  if (process.env.SERVER_PROBE_RAN) throw new Error(`A member’s request ran code in the server’s process: ${request.what}`);
}
