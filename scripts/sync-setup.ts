/**
 * `npm run sync:setup -- <server url> <world> [--members a,b] [--coordinators c] [--technicians d]
 * [--admins e] [--remove f]`: sets up a team world on Apache CouchDB 3 or the test server, as its
 * admin (docs/sync.md#who-can-do-what). Coordinators and technicians are members given their role
 * (issue 52: their accounts' `roles`, which the server holds in every world they are in):
 * the database, its `_security` (the members given are added to those there, those removed are
 * taken out), and the team's validation (`_design/team-rules`, made from the console's own rules).
 * Run again after an upgrade of the console: the validation is written where it differs. A world
 * name CouchDB refuses is refused here; a member with no account is warned about.
 */
import { listOption, serverAndAdmin } from './team/adminArgs';
import { setRoles, setUpWorld, withoutAccount } from './team/worlds';

const [given, world, ...rest] = process.argv.slice(2);
const target = serverAndAdmin(given);
if (typeof target === 'string' || !world || world.startsWith('-')) {
  console.error(typeof target === 'string' ? target : 'Name the team world.');
  console.error('Usage: SYNC_ADMIN=name:password npm run sync:setup -- <server url> <world> [--members a,b] [--coordinators c] [--technicians d] [--admins e] [--remove f]');
  process.exit(2);
}
const coordinators = listOption(rest, '--coordinators');
const technicians = listOption(rest, '--technicians');
const members = [...listOption(rest, '--members'), ...coordinators, ...technicians];
const admins = listOption(rest, '--admins');
const removed = listOption(rest, '--remove');
try {
  await setUpWorld(target.server, target.admin, world, { members, admins, removed });
  const security = (await (await fetch(`${target.server}/${encodeURIComponent(world)}/_security`, { headers: { authorization: `Basic ${Buffer.from(`${target.admin.name}:${target.admin.password}`).toString('base64')}` } })).json()) as {
    members?: { names?: string[] };
    admins?: { names?: string[] };
  };
  console.log(`The team world ${world} is set up on ${target.server}, with the team's validation.`);
  console.log(`Members: ${security.members?.names?.join(', ') || 'none yet'}; admins: ${security.admins?.names?.join(', ') || 'the server admin only'}`);
  for (const [names, role] of [[coordinators, 'coordinator'], [technicians, 'technician']] as const) {
    for (const name of names) if (await setRoles(target.server, target.admin, name, [role])) console.log(`${name} is a ${role}, from their next sign-in.`);
  }
  const missing = await withoutAccount(target.server, target.admin, [...(security.members?.names ?? []), ...(security.admins?.names ?? [])]);
  for (const name of missing) console.warn(`Warning: ${name} has no account on ${target.server} and cannot sign in: SYNC_USER_PASSWORD=… npm run sync:user -- <url> ${name}`);
} catch (error) {
  console.error(`The team world ${world} was not set up: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
