/**
 * The team server's validation (issue 33, docs/sync.md#one-rule-checked-in-three-places): a
 * `validate_doc_update` design document made from the very rules the laptops check what they take
 * in with (worker/domain/teamRules.js and the entry proof's teamHash.js, its rules as data from teamDocRules.ts, made from
 * worker/domain/storedFields.ts), never written again by hand. CouchDB 3 runs it, in its own
 * sandbox, before every write of a team world: a member may write only documents stamped with
 * their own account; an admin of the world (or of the server) may also write the seed, the sample
 * data and design documents. The test server stores it and never runs it: it calls the same
 * `teamDocRefusal`, imported (validation.ts, issue 53).
 */
import { readFileSync } from 'node:fs';
import { TEAM_RULES } from '../../worker/domain/teamDocRules';

export const RULES_DESIGN_ID = '_design/team-rules';

/** The rules' files, as CouchDB will run them: the hash's, the rules' and the roles' (which import it), their imports and `export`s taken off. */
function rulesSource(): string {
  const text = (file: string) => readFileSync(new URL(`../../worker/domain/${file}`, import.meta.url), 'utf8');
  return [text('teamHash.js'), text('teamRules.js'), text('teamRoles.js')].join('\n').replace(/^import .*;$/gm, '').replace(/^export function /gm, 'function ');
}

/** The `validate_doc_update` function's source. */
export function validateFunctionSource(): string {
  return `function (newDoc, oldDoc, userCtx, secObj) {
${rulesSource()}
var rules = ${JSON.stringify(TEAM_RULES)};
var roles = userCtx.roles || [];
var admins = (secObj && secObj.admins) || {};
var admin = roles.indexOf('_admin') >= 0 || (admins.names || []).indexOf(userCtx.name) >= 0;
for (var r = 0; !admin && r < roles.length; r++) if ((admins.roles || []).indexOf(roles[r]) >= 0) admin = true;
var why = teamDocRefusal(newDoc, oldDoc, { name: userCtx.name, admin: admin }, rules) || roleRefusal(newDoc, oldDoc, { name: userCtx.name, admin: admin, roles: roles }, rules);
if (why) throw { forbidden: why };
}`;
}

/** The design document that carries it. */
export function rulesDesignDoc(): { _id: string; language: 'javascript'; validate_doc_update: string } {
  return { _id: RULES_DESIGN_ID, language: 'javascript', validate_doc_update: validateFunctionSource() };
}
