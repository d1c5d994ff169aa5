/**
 * A large body parsed a part at a time (scripts/team/jsonInParts.ts, issue 53) gives what one
 * JSON.parse gives, and refuses what it refuses.
 */
import { describe, expect, it } from 'vitest';
import { parseInParts } from '../../scripts/team/jsonInParts';

const docs = Array.from({ length: 3000 }, (_, i) => ({ _id: `surveys:${i}`, e: { name: `a "quoted" \\ name ${i} ]}`, n: i, list: [1, { x: null }, true] }, at: { p: i } }));
const big = JSON.stringify({ docs, new_edits: false });

describe('a body parsed in parts', () => {
  it.each([
    ['a _bulk_docs of 3 000 documents', big],
    ['with white space everywhere', ` \n{ "new_edits" : false ,\t"docs" : [ ${docs.slice(0, 50).map((d) => JSON.stringify(d, null, 2)).join(' ,\n ')} ] } \r\n`],
    ['an empty list', '{"docs":[]}'],
    ['an empty object', '{}'],
    ['documents that are not objects', '{"docs":[1,"two",null,[3],{"a":"}"}]}'],
    ['a repeated member: the last stands', '{"docs":[{"a":1}],"x":1,"docs":[{"b":2}]}'],
    ['a __proto__ member, kept as JSON.parse keeps it', '{"__proto__":{"polluted":true},"docs":[]}'],
    ['docs that is not a list', '{"docs":{"a":[1,2]},"new_edits":"no"}'],
    ['not an object', '[{"docs":[]}]'],
    ['a string', '"docs"'],
    ['escaped quotes and backslashes', String.raw`{"docs":[{"_id":"a\\\"b\\","v":"\\\\"}],"k\"ey":"\u00e9"}`],
  ])('%s: as JSON.parse', async (_what, text) => {
    const parsed = await parseInParts(text);
    expect(parsed).toStrictEqual(JSON.parse(text));
    expect(Object.keys(parsed as object)).toEqual(Object.keys(JSON.parse(text) as object));
    expect(Object.getPrototypeOf(parsed)).toBe(Object.getPrototypeOf(JSON.parse(text)));
  });

  it.each([
    ['cut short', big.slice(0, big.length - 3)],
    ['an element cut short', '{"docs":[{"a":1},{"b":]}'],
    ['a missing comma', '{"docs":[{"a":1} {"b":2}]}'],
    ['a trailing comma', '{"docs":[{"a":1},]}'],
    ['a bracket that does not match', '{"docs":[{"a":1]]}'],
    ['an unterminated string', '{"docs":[{"a":"1}]}'],
    ['something after the object', '{"docs":[]} x'],
    ['a member with no value', '{"docs":[],"x":}'],
    ['a bare word', '{"docs":[nul]}'],
    ['a control character in a string', '{"docs":["a\u0001"]}'],
    ['a member with no name', '{"docs":[],:1}'],
  ])('%s: refused, as JSON.parse refuses it', async (_what, text) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    await expect(parseInParts(text)).rejects.toThrow(SyntaxError);
  });
});
