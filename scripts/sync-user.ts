/**
 * `npm run sync:user -- <server url> <name> [--role coordinator|technician] [--remove]`: makes a
 * person's team account on Apache CouchDB 3 or the test server (or sets its password anew), gives
 * it its role (issue 52, docs/requirements.md#req-team-roles: the `roles` of its `_users`
 * document), or removes it, as the server's admin (docs/sync.md#who-can-do-what). The password
 * comes from SYNC_USER_PASSWORD, or is asked for; it is never an argument, so it stays out of the
 * shell's history. An account that exists changes role without its password. Adding a person to a
 * team world is `npm run sync:setup -- <url> <world> --members <name>`.
 */
import { createInterface } from 'node:readline/promises';
import { serverAndAdmin } from './team/adminArgs';
import { ROLES, type Role } from '../worker/domain/roles';
import { removeAccount, setRoles, setUpAccount } from './team/worlds';

const [given, name, ...rest] = process.argv.slice(2);
const target = serverAndAdmin(given);
const roleAt = rest.indexOf('--role');
const role = roleAt >= 0 ? rest[roleAt + 1] : undefined;
const roleOk = (r: string | undefined): r is Role => (ROLES as readonly string[]).includes(r ?? '');
if (typeof target === 'string' || !name || name.startsWith('-') || (roleAt >= 0 && !roleOk(role))) {
  console.error(typeof target === 'string' ? target : !name || name.startsWith('-') ? 'Name the account, such as ana.lima@aerial.example.' : `A role is one of: ${ROLES.join(', ')}`);
  console.error(`Usage: SYNC_ADMIN=name:password [SYNC_USER_PASSWORD=…] npm run sync:user -- <server url> <name> [--role ${ROLES.join('|')}] [--remove]`);
  process.exit(2);
}
const roles = roleOk(role) ? [role] : undefined;

async function password(): Promise<string> {
  if (process.env.SYNC_USER_PASSWORD) return process.env.SYNC_USER_PASSWORD;
  if (!process.stdin.isTTY) return '';
  const ask = createInterface({ input: process.stdin, output: process.stdout });
  const typed = await ask.question(`Password for ${name}: `);
  ask.close();
  return typed;
}

try {
  if (rest.includes('--remove')) {
    const removed = await removeAccount(target.server, target.admin, name);
    console.log(removed ? `${name} can no longer sign in to ${target.server}. Take the account out of each team world too: npm run sync:setup -- <url> <world> --remove ${name}` : `${name} has no account on ${target.server}.`);
  } else if (roles && !process.env.SYNC_USER_PASSWORD && (await setRoles(target.server, target.admin, name, roles))) {
    console.log(`${name} is a ${role} on ${target.server} from their next sign-in.`);
  } else {
    const secret = await password();
    if (!secret) throw new Error('give the password as SYNC_USER_PASSWORD, or run this in a terminal to type it');
    await setUpAccount(target.server, target.admin, { name, password: secret, ...(roles ? { roles } : {}) });
    console.log(`${name} signs in to ${target.server}${roles ? ` as a ${role}` : ''}. Make them a member of a team world: npm run sync:setup -- <url> <world> --members ${name}`);
  }
} catch (error) {
  console.error(`The account ${name} was not changed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
