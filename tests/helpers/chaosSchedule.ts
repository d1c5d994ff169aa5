/**
 * A schedule as the random-schedule test prints it (`join(1, beside),act(0, {…}),quiet`), read back
 * into its steps: a failure found by a long run is replayed, and kept, as it was printed.
 */
import type fc from 'fast-check';
import { Act, Backup, Clock, Cut, Hostile, HostileRequest, Join, Leave, Quiet, Reload, Restart, RoleChange, SessionEnds, type Team } from './teamChaos';
import type { Intent } from './randomActions';

type Step = fc.AsyncCommand<{ steps: number }, Team>;

/** The steps of a printed schedule, in order; a step it cannot read is an error naming it. */
export function scheduleOf(printed: string): Step[] {
  const text = printed.replace(/\/\*.*?\*\//g, '').trim();
  const steps: Step[] = [];
  // Steps are split at the commas outside brackets and braces.
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '{') depth++;
    else if (c === ')' || c === '}') depth--;
    else if ((c === ',' && depth === 0) || i === text.length) {
      const step = text.slice(start, i).trim();
      if (step) steps.push(stepOf(step));
      start = i + 1;
    }
  }
  return steps;
}

function stepOf(step: string): Step {
  const [, name = '', args = ''] = /^(\w+)(?:\((.*)\))?$/s.exec(step) ?? [];
  const numbers = args.split(',').map((a) => Number(a.trim()));
  switch (name) {
    case 'act': {
      const comma = args.indexOf(',');
      return new Act(Number(args.slice(0, comma)), JSON.parse(args.slice(comma + 1)) as Intent);
    }
    case 'join':
      return new Join(numbers[0]!, !/beside/.test(args));
    case 'leave':
      return new Leave(numbers[0]!);
    case 'cut':
      return new Cut(numbers[0]!, false);
    case 'back':
      return new Cut(numbers[0]!, true);
    case 'reload':
      return new Reload(numbers[0]!);
    case 'roleChange':
      return new RoleChange(numbers[0]!);
    case 'sessionEnds':
      return new SessionEnds(numbers[0]!);
    case 'backup':
      return new Backup();
    case 'restart':
      return new Restart(args === 'empty' ? null : Number(/\d+/.exec(args)?.[0]));
    case 'hostile':
      return new Hostile(numbers[0]!, numbers[1]!);
    case 'hostileRequest':
      return new HostileRequest(numbers[0]!);
    case 'clock':
      return new Clock(numbers[0]!);
    case 'quiet':
      return new Quiet();
    default:
      throw new Error(`A step the schedule cannot read: ${step}`);
  }
}
