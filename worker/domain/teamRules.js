/*
 * The rules a team document meets (issues 32 and 33, docs/sync.md#one-rule-checked-in-three-places),
 * written once and checked in two places besides the engine's own: a laptop runs them on every
 * document it takes from the team world (worker/sync/doc/teamDoc.ts), and the server runs them before
 * every write, in its `validate_doc_update` design document (scripts/validateFunction.ts), which is
 * this file's text with the rules as data (teamDocRules.ts, made from worker/domain/storedFields.ts).
 *
 * Plain JavaScript, and the file self-contained, on purpose: the server's design document is this
 * text as written (a build would rename, and add helpers it does not have). Keep it to what every
 * CouchDB 3.2+ engine runs (SpiderMonkey 78/91, QuickJS): `var`, functions, no arrow functions, no
 * classes; `export` only before a top-level function, and one import, of teamHash.js (both taken
 * off: the server's function is teamHash.js's text, then this one's).
 */

import { entryProof } from './teamHash';

/** Characters that hide or reorder what a text says (worker/domain/users.ts's rule). */
var HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/u;
var PRINTABLE = /^[\x20-\x7e]*$/;
var EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
var DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Patterns of `re` rules, compiled once each. */
var PATTERNS = {};

function plain(text) {
  return PRINTABLE.test(text) || !HIDDEN.test(text);
}

/** Whether `value` meets `spec`, a rule as data: { t: 'text' | 'num' | 'bool' | 'oneOf' | 'null' | 'either' | 'all' | 'list' | 'obj' | 'map' | 'day' | 'email' | 'id' | 're', ... }. */
export function specOk(spec, value) {
  var key, i;
  switch (spec.t) {
    case 'text':
      if (typeof value !== 'string' || value.length > spec.max || value.length < (spec.min || 0)) return false;
      if (spec.trim && value.trim() === '') return false;
      return !spec.plain || plain(value);
    case 'num':
      if (typeof value !== 'number' || !isFinite(value)) return false;
      if (spec.int && Math.floor(value) !== value) return false;
      return (spec.min === undefined || value >= spec.min) && (spec.max === undefined || value <= spec.max);
    case 'bool':
      return typeof value === 'boolean';
    case 'oneOf':
      for (i = 0; i < spec.of.length; i++) if (spec.of[i] === value) return true;
      return false;
    case 'null':
      return value === null || specOk(spec.or, value);
    case 'either':
      for (i = 0; i < spec.of.length; i++) if (specOk(spec.of[i], value)) return true;
      return false;
    case 'all':
      for (i = 0; i < spec.of.length; i++) if (!specOk(spec.of[i], value)) return false;
      return true;
    case 'list':
      if (!Array.isArray(value) || (spec.max !== undefined && value.length > spec.max) || value.length < (spec.min || 0)) return false;
      for (i = 0; i < value.length; i++) if (!specOk(spec.of, value[i])) return false;
      return true;
    case 'obj':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      for (key in spec.fields) {
        if (value[key] === undefined) {
          if (spec.req && spec.req.indexOf(key) >= 0) return false;
        } else if (!specOk(spec.fields[key], value[key])) return false;
      }
      if (spec.closed) for (key in value) if (!Object.prototype.hasOwnProperty.call(spec.fields, key)) return false;
      return true;
    case 'map':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      i = 0;
      for (key in value) {
        if (++i > (spec.max || 100) || !specOk(spec.of, value[key])) return false;
      }
      return true;
    case 'day': {
      if (typeof value !== 'string' || !DAY.test(value) || value < '1990-01-01') return false;
      var y = +value.slice(0, 4), m = +value.slice(5, 7), d = +value.slice(8, 10);
      var days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
      return m >= 1 && m <= 12 && d >= 1 && d <= days[m - 1];
    }
    case 'email':
      if (spec.empty && value === '') return true;
      return typeof value === 'string' && value.length <= 254 && EMAIL.test(value) && plain(value);
    case 'id':
      return typeof value === 'string' && value.length > 0 && value.length <= 100 && plain(value) && !(value in Object.prototype);
    case 're':
      if (!Object.prototype.hasOwnProperty.call(PATTERNS, spec.re)) PATTERNS[spec.re] = new RegExp(spec.re);
      return typeof value === 'string' && PATTERNS[spec.re].test(value);
    default:
      return false;
  }
}

/**
 * Why an entry's id is not its own: null for one that ends with its proof; for the form from
 * before entries carried one (`<at>:<laptop>:<tx>:<n>`), null where old entries are still read (a
 * laptop, an admin), a refusal for a member, who could otherwise write a changed entry that way.
 */
function entryIdRefusal(entry, shown, member) {
  var at = String(Math.max(0, Math.floor(entry.at)));
  while (at.length < 15) at = '0' + at;
  var base = at + ':' + entry.laptop + ':' + entry.tx + ':' + entry.n;
  if (entry.id === base) return member ? shown + ' has no proof of its content in its id, as every entry written now has' : null;
  return entry.id === base + ':' + entryProof(entry) ? null : shown + '’s content does not match its id: a history entry is never changed';
}

/**
 * Why a team document may not be written (the server) or taken (a laptop), or null. `user`: the
 * writer, { name, admin }, on the server (it checks who may write what); null on a laptop, which
 * takes what the team wrote and checks the document alone. `oldDoc`: the version it follows, where
 * the server knows it. What needs other documents (does the capture a survey names exist?) is the
 * laptops' to check: no design document can read another document. `othersStand` (optional):
 * whether a version of the document stands beside the one a tombstone closes.
 */
export function teamDocRefusal(doc, oldDoc, user, rules, othersStand) {
  var id = String(doc._id);
  var shown = id.length > 40 ? id.slice(0, 40) + '…' : id;
  var removed = doc._deleted === true;
  var admin = user !== null && user.admin === true;
  var key, i;
  // The database's own documents and the seed: the server's to allow, and no part of the world.
  if (id.indexOf('_design/') === 0 || id === '_security') return user === null || admin ? null : 'only an admin of the team world writes its design documents';
  if (id.indexOf('_local/') === 0) return null;
  if (id === 'seed') return user === null || admin ? null : 'only an admin seeds a team world';
  if (JSON.stringify(doc).length > rules.docMaxChars) return shown + ' is larger than any document the console writes';
  var s = doc.stamp;
  // A role is a word from one short list (issue 52): anything else is no role of the team's.
  if (typeof s === 'object' && s !== null && s.role !== undefined && !(typeof s.role === 'string' && Object.prototype.hasOwnProperty.call(rules.roles.words, s.role))) return shown + ' says it was written in a role the team does not have';
  if (typeof s !== 'object' || s === null || !specOk(rules.stamp, s)) return shown + ' does not say who wrote it, on which laptop, when and in which action';
  if (s.by === rules.sampleBy && user !== null && !admin) return 'only an admin writes the sample data';
  if (user !== null && !admin && s.by !== user.name) return shown + ' is stamped by ' + s.by + ', not by ' + user.name + ' who writes it';
  // A tombstone that closes a version a person settled follows a version that stands, and leaves
  // another standing (the one kept). Where the checker sees the document's versions (the test
  // server: `othersStand`), one that would close the last is refused: what it was settled for is
  // not here (a version the server refused, its author's to send), and a settling is never a
  // removal. A validate function cannot see them, so a server without it lets the tombstone by,
  // and a laptop, which reads the version that wins, holds a winning tombstone to the kind's rule
  // (docs/sync.md#one-rule-checked-in-three-places).
  if (removed && doc.resolved === true) {
    if (oldDoc === null) return shown + ' closes a version that does not stand';
    if (othersStand === false) return shown + ' closes the last version of it standing: the one it was settled for is not here';
    if (othersStand === true || user !== null) return null;
  }
  var colon = id.indexOf(':');
  var kind = colon > 0 ? id.slice(0, colon) : id;
  var rest = id.slice(colon + 1);
  if (kind === 'favourite') return favouriteRefusal(doc, shown, rest, admin, rules);
  if (removed) return rules.removable.indexOf(kind) >= 0 ? null : 'the console never removes a ' + (rules.kindWords[kind] || 'document') + ' of a shared world, so the removal of ' + shown + ' is not one of its changes';
  if (id === 'speed') {
    if (doc.kind !== 'speed') return shown + ' is the speed, but says it is of another kind';
    return specOk(rules.speed, doc.speed) ? null : String(doc.speed).slice(0, 40) + ' is not a simulation speed';
  }
  if (colon <= 0 || !rest) return shown + ' names no kind of entity';
  if (kind === 'history') {
    if (doc.kind !== 'history') return shown + ' is a history entry, but says it is of another kind';
    var entry = doc.entry;
    if (!specOk(rules.history, entry)) return shown + ' is not a history entry';
    if (id !== 'history:' + entry.id) return shown + ' holds another entry than its id names';
    var why = entryIdRefusal(entry, shown, user !== null && !admin);
    if (why) return why;
    if (user !== null && !admin && entry.by !== user.name) return shown + ' says ' + entry.by + ' did it, not ' + user.name + ' who writes it';
    return oldDoc === undefined || oldDoc === null ? null : shown + ' changes a history entry, which no one may';
  }
  if (kind === 'frameFlag') {
    var parts = rest.split(':');
    if (parts.length !== 4) return shown + ' names no kind of entity';
    var survey, camera;
    try {
      survey = decodeURIComponent(parts[0]);
      camera = decodeURIComponent(parts[3]);
    } catch (e) {
      return shown + ' names no kind of entity';
    }
    var line = +parts[1], frame = +parts[2];
    if (id !== 'frameFlag:' + encodeURIComponent(survey) + ':' + line + ':' + frame + ':' + encodeURIComponent(camera) || !survey) return shown + ' names no kind of entity';
    if (doc.kind !== 'frameFlag') return shown + ' is a frame flag, but says it is of another kind';
    if (doc.surveyId !== survey) return shown + ' names survey ' + survey.slice(0, 40) + ', but its body names another';
    var flag = doc.flag;
    if (!specOk(rules.flag, flag)) return shown + ' is not a frame flag';
    if (flag.line !== line || flag.frame !== frame || flag.camera !== camera) return shown + ' names another frame than its body';
    return null;
  }
  var fields = rules.fields[kind];
  if (!fields || !rules.idOk[kind] || !specOk(rules.idOk[kind], rest)) return shown + ' names no kind of entity';
  if (doc.kind !== kind) return shown + ' is one of the ' + kind + ', but says it is of another kind';
  var e = doc.e;
  if (typeof e !== 'object' || e === null || Array.isArray(e) || typeof e.o !== 'number' || Math.floor(e.o) !== e.o) return shown + ' holds no stored form of its entity';
  for (key in e) {
    if (key === 'o') continue;
    if (key === 'w') {
      if (!rules.workflows[kind] || !specOk(rules.workflow, e.w)) return shown + '.w is not a workflow';
      continue;
    }
    if (!Object.prototype.hasOwnProperty.call(fields, key)) return shown + '.' + key + ' is no field of a ' + rules.kindWords[kind];
    if (!specOk(fields[key].spec, e[key])) return shown + '.' + key + ' is not ' + fields[key].what;
  }
  var required = rules.required[kind] || [];
  for (i = 0; i < required.length; i++) if (e[required[i]] === undefined) return shown + '.' + required[i] + ' is missing';
  if (doc.at !== undefined && !specOk(rules.places, doc.at)) return shown + ' does not say rightly where it stands in its parents’ lists';
  return null;
}

/**
 * A person's star, `favourite:<person>:<kind>:<id>` (person and id escaped): written by that person
 * alone, set (its star the one its id names) or taken off (removed).
 */
function favouriteRefusal(doc, shown, rest, admin, rules) {
  var parts = rest.split(':');
  var email, id;
  if (parts.length !== 3) return shown + ' names no favourite';
  try {
    email = decodeURIComponent(parts[0]);
    id = decodeURIComponent(parts[2]);
  } catch (e) {
    return shown + ' names no favourite';
  }
  var kind = parts[1];
  if (rules.favouriteKinds.indexOf(kind) < 0 || !specOk({ t: 'email' }, email) || email !== email.toLowerCase() || !specOk(rules.idOk[kind], id)) return shown + ' names no favourite';
  if ('favourite:' + encodeURIComponent(email) + ':' + kind + ':' + encodeURIComponent(id) !== String(doc._id)) return shown + ' names no favourite';
  if (!admin && doc.stamp.by !== email) return shown + ' is ' + email + '’s favorite, not ' + doc.stamp.by + '’s who wrote it';
  if (doc._deleted === true) return null;
  if (doc.kind !== 'favourite') return shown + ' is a favorite, but says it is of another kind';
  var star = doc.star;
  if (typeof star !== 'object' || star === null || star.email !== email || star.kind !== kind || star.id !== id) return shown + ' holds another favorite than its id names';
  return null;
}
