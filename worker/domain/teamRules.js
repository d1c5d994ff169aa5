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
 * classes, nothing imported; `export` only before a top-level function (it is taken off).
 */

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

/** Whether `value` meets `spec`, a rule as data: { t: 'text' | 'num' | 'bool' | 'oneOf' | 'null' | 'either' | 'list' | 'obj' | 'map' | 'day' | 'email' | 'id' | 're', ... }. */
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
    case 'list':
      if (!Array.isArray(value) || (spec.max !== undefined && value.length > spec.max)) return false;
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

/** SHA-256's round constants (FIPS 180-4, 4.2.2). */
var SHA_K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
];

/**
 * SHA-256 of a text's UTF-16 code units, each as two bytes, high first, in hex. Code units rather
 * than UTF-8, so a lone surrogate (which UTF-8 cannot say) hashes alike on every engine.
 */
export function sha256Hex(text) {
  var i, j, t;
  // Two code units a 32-bit word; then the 0x80 byte that ends the message, zeros, and its length in bits.
  var words = [], bits = text.length * 16;
  for (i = 0; i < text.length; i += 2) words.push((text.charCodeAt(i) << 16) | (i + 1 < text.length ? text.charCodeAt(i + 1) : 0x8000));
  if (text.length % 2 === 0) words.push(0x80000000);
  while (words.length % 16 !== 14) words.push(0);
  words.push(Math.floor(bits / 0x100000000), bits | 0);
  var h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  var w = [];
  var rot = function (x, n) { return (x >>> n) | (x << (32 - n)); };
  for (i = 0; i < words.length; i += 16) {
    for (j = 0; j < 64; j++) {
      if (j < 16) w[j] = words[i + j];
      else {
        var s0 = rot(w[j - 15], 7) ^ rot(w[j - 15], 18) ^ (w[j - 15] >>> 3), s1 = rot(w[j - 2], 17) ^ rot(w[j - 2], 19) ^ (w[j - 2] >>> 10);
        w[j] = (w[j - 16] + s0 + w[j - 7] + s1) | 0;
      }
    }
    var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (j = 0; j < 64; j++) {
      var t1 = (k + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + SHA_K[j] + w[j]) | 0;
      var t2 = ((rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      k = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    t = [a, b, c, d, e, f, g, k];
    for (j = 0; j < 8; j++) h[j] = (h[j] + t[j]) | 0;
  }
  var hex = '';
  for (i = 0; i < 8; i++) hex += ('0000000' + (h[i] >>> 0).toString(16)).slice(-8);
  return hex;
}

/**
 * A value's canonical JSON: object keys sorted at every depth, strings escaped by this function
 * alone (not the engine's JSON.stringify, whose escaping of lone surrogates differs between
 * engines), so a laptop and CouchDB write one text for one value. null past `depth` levels: no
 * entry nests that deep, and a member's deeper one must not exhaust the checker's stack.
 */
export function canonicalJson(value, depth) {
  var i, out, keys, part;
  if (depth < 0) return null;
  if (typeof value === 'string') {
    out = '"';
    for (i = 0; i < value.length; i++) {
      var c = value.charCodeAt(i);
      out += c === 34 || c === 92 ? '\\' + value.charAt(i) : c < 32 ? '\\u' + ('000' + c.toString(16)).slice(-4) : value.charAt(i);
    }
    return out + '"';
  }
  if (typeof value === 'number') return isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value !== 'object' || value === null) return 'null';
  if (Array.isArray(value)) {
    out = [];
    for (i = 0; i < value.length; i++) {
      if ((part = canonicalJson(value[i], depth - 1)) === null) return null;
      out.push(part);
    }
    return '[' + out.join(',') + ']';
  }
  keys = [];
  for (i in value) if (Object.prototype.hasOwnProperty.call(value, i) && value[i] !== undefined) keys.push(i);
  keys.sort();
  out = [];
  for (i = 0; i < keys.length; i++) {
    if ((part = canonicalJson(value[keys[i]], depth - 1)) === null) return null;
    out.push(canonicalJson(keys[i], 0) + ':' + part);
  }
  return '{' + out.join(',') + '}';
}

/**
 * A history entry's proof (docs/history.md#the-entry): 16 hex digits of the SHA-256 of its
 * canonical JSON, without its id and without `arrivedAt` (which each laptop sets on arrival), or
 * null for one nested past any entry. Its id ends with it, so an entry said otherwise under the
 * same id is seen by anyone who holds the document alone.
 */
export function entryProof(entry) {
  var content = {}, key;
  for (key in entry) if (key !== 'id' && key !== 'arrivedAt' && Object.prototype.hasOwnProperty.call(entry, key)) content[key] = entry[key];
  var text = canonicalJson(content, 8);
  return text === null ? null : sha256Hex(text).slice(0, 16);
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
