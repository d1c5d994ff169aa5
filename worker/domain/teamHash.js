/*
 * A history entry's proof (docs/history.md#the-entry), and the hash and canonical JSON it is made
 * of, for teamRules.js: a laptop seals each entry with it and checks it, and the team server
 * checks it before a write, in its `validate_doc_update`, which is this file's text followed by
 * teamRules.js's (scripts/team/validateFunction.ts).
 *
 * Plain JavaScript, and self-contained, as teamRules.js is and for the same reason: the server runs
 * it as written. `var`, functions, no arrow functions, no classes, nothing imported; `export` only
 * before a top-level function (it is taken off).
 */

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
