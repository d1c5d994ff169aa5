/**
 * The team's roles as a rule (issue 52, docs/requirements.md#req-team-roles), in the same plain
 * JavaScript as teamRules.js, which CouchDB runs after it in the world's `validate_doc_update`
 * (scripts/team/validateFunction.ts joins teamHash.js, teamRules.js and this file).
 */
import { canonicalJson } from './teamHash';

/* ───────────────────────────────────────────────────────────────────────────────────────────────
 * Roles (issue 52, docs/requirements.md#req-team-roles): who in a team world may take which action.
 * The table is data (worker/domain/roles.ts, `rules.roles`); a laptop asks actionRoleRefusal before
 * an action runs, the server asks roleRefusal before each write, after teamDocRefusal. A data
 * coordinator, a world's admin and the server's admin are held to nothing here; everyone else (a
 * geomatics technician, or a member with no role) to the technician's rights. A validate function
 * reads the document alone: a survey's assignee is its own `e.assignedTo` (the account's name).
 * Making a document that did not exist (a new survey inserted, the first laptop giving an empty
 * world its world) is any member's: the rules guard what the team already holds.
 * ─────────────────────────────────────────────────────────────────────────────────────────────── */

/** A member's role from their account's roles: 'coordinator', else 'technician' (no role is the narrower one). */
export function roleOf(roles) {
  return roles && roles.indexOf('coordinator') >= 0 ? 'coordinator' : 'technician';
}

/** Why survey `id`, assigned to `assignee` (or no one), is not `person`'s to work, or null. */
function notAssignee(id, assignee, person, rules) {
  if (assignee === person) return null;
  return 'A ' + rules.roles.words.technician + ' works only the surveys assigned to them: survey ' + String(id).slice(0, 40) + ' is assigned to ' + (assignee || 'no one');
}

/**
 * Why the signed-in person, of `role`, may not take an action of type `type` (a laptop, before it
 * runs), or null. `survey`: the survey the action names, { id, assignedTo }, or null; `speed`:
 * whether the action changes the team's simulation speed.
 */
export function actionRoleRefusal(type, role, person, rules, survey, speed) {
  var r = rules.roles;
  if (role === 'coordinator') return null;
  if (speed) return r.speed;
  var right = Object.prototype.hasOwnProperty.call(r.actions, type) ? r.actions[type] : null;
  if (!right || right.right === 'anyone') return null;
  if (right.right === 'coordinator') return right.why;
  return survey ? notAssignee(survey.id, survey.assignedTo || null, person, rules) : null;
}

/** The letters of a stored workflow's stage states, or ''. */
function letters(doc) {
  return doc && doc.e && doc.e.w && typeof doc.e.w.s === 'string' ? doc.e.w.s : '';
}

/** Why a technician may not write this survey, the version it follows `old` (standing), or null. */
function surveyRoleRefusal(doc, old, user, rules) {
  var r = rules.roles, e = doc.e || {}, o = old.e || {};
  var assignee = o.assignedTo || null;
  if (doc._deleted === true && doc.resolved !== true) return assignee || o.receivedOn ? r.cleans : null;
  if (doc._deleted !== true) {
    if ((e.assignedTo || null) !== assignee) return r.assigns;
    if ((e.processing === true) !== (o.processing === true) || (e.published === true) !== (o.published === true)) return r.captureWork;
    var now = letters(doc), before = letters(old), i;
    for (i = r.processingFrom; i < now.length; i++) if (now.charAt(i) !== before.charAt(i) && now.charAt(i) !== '-' && now.charAt(i) !== 'W') return r.captureWork;
    if (assignee && now.indexOf('X') >= 0 && before.indexOf('X') < 0) return r.cancels;
  }
  // Received surveys no one is assigned yet are the media work's (a receive cancelled cancels them).
  return assignee ? notAssignee(doc._id.slice(doc._id.indexOf(':') + 1), assignee, user.name, rules) : null;
}

/**
 * Why the writer's role does not allow this write (the server, after teamDocRefusal), or null.
 * `user`: { name, admin, roles }; null on a laptop taking what the team wrote (the server checked it).
 */
export function roleRefusal(doc, oldDoc, user, rules) {
  // An admin is held to no role, and writes others' entries as they were (a world seeded from an export): the roles they say are not checked.
  if (user === null || user.admin === true) return null;
  // The role a stamp says is the one the writer's session gave their laptop when they acted: a
  // validate function knows no past role, so it is not held to the role now. A change made in a role
  // taken away meanwhile is refused only for what the role now forbids (docs/requirements.md#req-team-roles).
  return actsRefusal(doc, oldDoc, user, rules);
}

/** Why the writer's role does not allow what this write changes, or null. */
function actsRefusal(doc, oldDoc, user, rules) {
  if (roleOf(user.roles) === 'coordinator') return null;
  var r = rules.roles;
  var id = String(doc._id);
  var colon = id.indexOf(':');
  var kind = colon > 0 ? id.slice(0, colon) : id;
  if (kind === 'history') {
    var k = doc.entry && doc.entry.what ? doc.entry.what.kind : null;
    return typeof k === 'string' && Object.prototype.hasOwnProperty.call(r.history, k) ? r.history[k] : null;
  }
  var old = oldDoc && oldDoc._deleted !== true ? oldDoc : null;
  if (old === null) return null;
  if (id === 'speed') return old.speed === doc.speed ? null : r.speed;
  if (kind === 'surveys') return surveyRoleRefusal(doc, old, user, rules);
  if (kind === 'media') {
    if (doc._deleted === true) return doc.resolved !== true && old.e && old.e.receiveId ? r.cleans : null;
    return letters(old).charAt(r.mediaAssignAt) !== 'C' && letters(doc).charAt(r.mediaAssignAt) === 'C' ? r.assigns : null;
  }
  if (kind === 'captures' && doc._deleted !== true) {
    var e = doc.e || {}, o = old.e || {};
    var guarded = function (x) { return canonicalJson({ w: x.w, qc: x.qc, published: x.published, selectedIds: x.selectedIds }, 8); };
    return guarded(e) === guarded(o) ? null : r.captureWork;
  }
  return null;
}
