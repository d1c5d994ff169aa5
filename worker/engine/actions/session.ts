/**
 * Login, logout and flags (login rules: docs/requirements.md#req-validation-login; simulation
 * speed: docs/architecture.md#arch-simulation-speed).
 */
import type { ActionResult } from '../../api';
import { DEMO_PASSWORD, SIMULATION_SPEEDS } from '../../domain/constants';
import { imageProxyProblem } from '../../domain/imageProxy';
import type { Flags } from '../../domain/types';
import { isEmail, userFromEmail } from '../../domain/users';
import { rebaseAll } from '../simulation';
import { own, fail, type ActionContext } from './context';

/** docs/requirements.md#req-validation: both fields are judged, so a person with both wrong reads both messages at once (issue 19). */
function loginProblems(address: string, password: unknown): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!address) problems.email = 'missing email';
  else if (!isEmail(address)) problems.email = 'invalid email';
  if (!password) problems.password = 'missing password';
  else if (password !== DEMO_PASSWORD) problems.password = 'invalid password';
  return problems;
}

export function login(ctx: ActionContext, email: string, password: string): ActionResult {
  const address = typeof email === 'string' ? email.trim() : '';
  const problems = loginProblems(address, password);
  const fields = Object.keys(problems);
  const first = fields[0];
  if (first !== undefined) {
    const refused = fail(problems[first]!, first);
    return fields.length > 1 && !refused.ok ? { ...refused, fields: problems } : refused;
  }
  const { world } = ctx;
  const key = address.toLowerCase();
  let user = own(world.index.users, key);
  if (!user) {
    // The assign list holds every user including the current one (docs/requirements.md#req-validation-assign).
    user = userFromEmail(key);
    world.add('users', key, user);
  }
  world.setCurrent({ loggedIn: true, user: { ...user } });
  return { ok: true };
}

export function logout(ctx: ActionContext): ActionResult {
  ctx.world.setCurrent({ loggedIn: false, user: null });
  return { ok: true };
}

export function setFlags(ctx: ActionContext, patch: Partial<Flags>): ActionResult {
  const next: Flags = { ...ctx.world.flags };
  for (const key of ['projects', 'surveys', 'highlighter'] as const) {
    const v = patch[key];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') return fail(`invalid flag ${key}`);
    next[key] = v;
  }
  if (patch.speed !== undefined) {
    if (!(SIMULATION_SPEEDS as readonly number[]).includes(patch.speed)) return fail('invalid simulation speed');
    next.speed = patch.speed;
  }
  if (patch.imageProxy !== undefined) {
    // Issue 19: only an http(s) address, bounded (the rule stored flags are read by too).
    if (typeof patch.imageProxy !== 'string') return fail('invalid image proxy', 'imageProxy');
    const problem = imageProxyProblem(patch.imageProxy);
    if (problem) return fail(problem, 'imageProxy');
    next.imageProxy = patch.imageProxy.trim();
  }
  const speedChanged = next.speed !== ctx.world.flags.speed;
  ctx.world.setFlags(next);
  if (speedChanged) rebaseAll(ctx.world, ctx.now);
  return { ok: true };
}
