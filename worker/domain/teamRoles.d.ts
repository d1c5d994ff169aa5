/** The types of teamRoles.js (issue 52). */
import type { Role } from './roles';
import type { TeamRules } from './teamRules';

/** A writer as the server knows them, with their account's roles (issue 52). */
export type RoledWriter = { name: string; admin: boolean; roles: readonly string[] } | null;
/** A member's role from their account's roles: 'coordinator', else 'technician'. */
export function roleOf(roles: readonly string[] | undefined): Role;
/** Why the signed-in person, of `role`, may not take an action of `type` (a laptop, before it runs), or null. */
export function actionRoleRefusal(type: string, role: Role, person: string, rules: Pick<TeamRules, 'roles'>, survey: { id: string; assignedTo: string | null } | null, speed: boolean): string | null;
/** Why the writer's role does not allow this write (the server, after teamDocRefusal), or null. */
export function roleRefusal(doc: { _id: string; [field: string]: unknown }, oldDoc: unknown, user: RoledWriter, rules: TeamRules): string | null;
