/**
 * `npm run sync:user -- <server url> <name> [--remove]`: makes a person's team account on Apache
 * CouchDB 3 or the test server (or sets its password anew), or removes it, as the server's admin
 * (docs/sync.md#who-can-do-what). The password comes from SYNC_USER_PASSWORD, or is asked for; it
 * is never an argument, so it stays out of the shell's history. Adding a person to a team world
 * is `npm run sync:setup -- <url> <world> --members <name>`.
 */
import { createInterface } from 'node:readline/promises';
import { serverAndAdmin } from './team/adminArgs';
import { removeAccount, setUpAccount } from './team/worlds';

const [given, name, ...rest] = process.argv.slice(2);
const target = serverAndAdmin(given);
if (typeof target === 'string' || !name || name.startsWith('-')) {
  console.error(typeof target === 'string' ? target : 'Name the account, such as ana.lima@aerial.example.');
  console.error('Usage: SYNC_ADMIN=name:password [SYNC_USER_PASSWORD=…] npm run sync:user -- <server url> <name> [--remove]');
  process.exit(2);
}

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
  } else {
    const secret = await password();
    if (!secret) throw new Error('give the password as SYNC_USER_PASSWORD, or run this in a terminal to type it');
    await setUpAccount(target.server, target.admin, { name, password: secret });
    console.log(`${name} signs in to ${target.server}. Make them a member of a team world: npm run sync:setup -- <url> <world> --members ${name}`);
  }
} catch (error) {
  console.error(`The account ${name} was not changed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
