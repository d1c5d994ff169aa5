/**
 * Issue 13, uploads read and checked: every bad PodConfig file gets its own message beside the
 * file field, the survey still waits for PodConfig and the world is unchanged; the sample file
 * that ships with the app passes, and checking a file changes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../worker/api';
import { PODCONFIG_MAX_BYTES } from '../../worker/domain/constants';
import { aSurvey, aWorld } from '../helpers/builders';
import { harness, type Harness } from '../helpers/engineHarness';
import { SAMPLE_PODCONFIG_TEXT, podconfigFile, samplePodconfig } from '../helpers/podconfigFiles';

const camera = (n: number, extra = '') => `<Camera id="Cam0${n}" serial="S${n}" focalLengthMm="100"${extra}/>`;
const pod = (cameras: string, root = 'PodConfig', serial = ' serial="POD-1"') =>
  `<?xml version="1.0"?><${root}${serial}><Cameras>${cameras}</Cameras></${root}>`;
const six = [1, 2, 3, 4, 5, 6].map((n) => camera(n)).join('');

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<PodConfig serial="&lol3;"><Cameras>${six}</Cameras></PodConfig>`;
const EXTERNAL_ENTITY = `<?xml version="1.0"?><!DOCTYPE p [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><PodConfig serial="&xxe;"/>`;
/** Text as UTF-16 bytes, with its byte-order mark unless told otherwise (Notepad's "Unicode"). */
function utf16(text: string, order: 'le' | 'be', bom = true): Uint8Array {
  const units = [...(bom ? [0xfeff] : []), ...Array.from({ length: text.length }, (_, i) => text.charCodeAt(i))];
  const out = new Uint8Array(units.length * 2);
  units.forEach((u, i) => {
    out[2 * i + (order === 'le' ? 0 : 1)] = u & 0xff;
    out[2 * i + (order === 'le' ? 1 : 0)] = u >> 8;
  });
  return out;
}
const BINARY = Uint8Array.from({ length: 256 }, (_, i) => (i * 37 + 11) % 256);

/** [what was tried, the file, the message beside the field] */
const REFUSED: [string, ReturnType<typeof podconfigFile>, string][] = [
  ['empty', podconfigFile(''), 'The PodConfig file is empty'],
  ['only whitespace', podconfigFile('  \n\t'), 'The PodConfig file is empty'],
  ['binary garbage', podconfigFile(BINARY), 'The PodConfig file is not text: it looks like a binary file'],
  ['invalid UTF-8', podconfigFile(Uint8Array.from([0x3c, 0x61, 0xff, 0xfe, 0x3e])), 'The PodConfig file is not text: it looks like a binary file'],
  ['plain CSV', podconfigFile('camera,serial\nCam01,S1\n'), 'The PodConfig file is not well-formed XML'],
  ['unclosed tag', podconfigFile('<PodConfig serial="x"><Cameras>'), 'The PodConfig file is not well-formed XML'],
  ['billion laughs', podconfigFile(BILLION_LAUGHS), 'The PodConfig file declares a DTD or entities, which are not accepted'],
  ['external entity', podconfigFile(EXTERNAL_ENTITY), 'The PodConfig file declares a DTD or entities, which are not accepted'],
  ['wrong root', podconfigFile(pod(six, 'project')), 'The root element is <project>, not <PodConfig>'],
  ['no pod serial', podconfigFile(pod(six, 'PodConfig', '')), 'The PodConfig has no pod serial (serial="…" on <PodConfig>)'],
  ['missing cameras', podconfigFile(pod(camera(1) + camera(2) + camera(4))), 'Missing cameras Cam03, Cam05, Cam06: a pod has six cameras'],
  ['a camera twice', podconfigFile(pod(six + camera(2))), 'Camera Cam02 appears twice'],
  ['an unknown camera', podconfigFile(pod(six + '<Camera id="Cam07" serial="x" focalLengthMm="1"/>')), 'Unknown camera "Cam07": cameras are Cam01 to Cam06'],
  ['a camera without serial', podconfigFile(pod(six.replace('serial="S4"', ''))), 'Camera Cam04 has no serial'],
  ['over the size cap', podconfigFile(SAMPLE_PODCONFIG_TEXT, 'big.xml', PODCONFIG_MAX_BYTES + 1), 'The PodConfig file is larger than 5 MB'],
  ['not an .xml name', podconfigFile(SAMPLE_PODCONFIG_TEXT, 'podconfig.csv'), 'Only .xml files are accepted'],
  // Issue 19: well-formed files the parser itself refuses by throwing.
  ['an element named __proto__', podconfigFile(`<PodConfig serial="P"><__proto__ polluted="1"/><Cameras>${six}</Cameras></PodConfig>`), 'The PodConfig file uses the name "__proto__", which is not accepted'],
  ['an element named constructor', podconfigFile(pod(six + '<constructor/>')), 'The PodConfig file uses the name "constructor", which is not accepted'],
  ['100 000 nested elements', podconfigFile('<a>'.repeat(100_000) + '</a>'.repeat(100_000)), 'The PodConfig file nests its elements more than 32 deep: it is not a PodConfig'],
  ['UTF-16 without a byte-order mark', podconfigFile(utf16(SAMPLE_PODCONFIG_TEXT, 'le', false)), 'The PodConfig file is not text: it looks like a binary file'],
];

async function waitingForPodconfig(): Promise<Harness> {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-pod', mediaId: 'M1', stage: 'podconfig' });
  return harness({ world: w });
}

async function expectRefused(h: Harness, action: Action, error: string) {
  h.engine.tick();
  const before = h.engine.serialise();
  const r = await h.do(action);
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.error.startsWith(error), `${r.error} starts with ${error}`).toBe(true);
    expect(r.field).toBe('file');
  }
  expect(h.engine.serialise()).toBe(before);
  expect(h.engine.world.index.surveys['s-pod']!.flags.waitingForPodconfig).toBe(true);
}

describe('PodConfig files are read and checked (issue 13)', () => {
  it.each(REFUSED)('%s: refused with its own message, nothing changes', async (_what, file, error) => {
    const h = await waitingForPodconfig();
    const check = await h.engine.checkPodconfig([file]);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error.startsWith(error), `${check.error} starts with ${error}`).toBe(true);
    await expectRefused(h, { type: 'processPodconfig', surveyId: 's-pod', files: [file] }, error);
  });

  it('a not well-formed file says where', async () => {
    const h = await waitingForPodconfig();
    const r = await h.engine.checkPodconfig([podconfigFile('<PodConfig>\n<Cameras>\n</PodConfig>')]);
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/^The PodConfig file is not well-formed XML \(line \d+: .+\)$/) });
  });

  it('the sample file passes: checking shows the summary and changes nothing; processing moves the survey on', async () => {
    const h = await waitingForPodconfig();
    h.engine.tick();
    const before = h.engine.serialise();
    const check = await h.engine.checkPodconfig(samplePodconfig());
    expect(check).toEqual({
      ok: true,
      summary: { podSerial: 'POD-0042', cameras: ['Cam01', 'Cam02', 'Cam03', 'Cam04', 'Cam05', 'Cam06'], text: '6 cameras, pod serial POD-0042' },
    });
    expect(h.engine.serialise()).toBe(before);
    const done = await h.do({ type: 'processPodconfig', surveyId: 's-pod', files: samplePodconfig() });
    expect(done).toMatchObject({ ok: true, flash: { text: 'processed podconfig for survey S-POD' } });
    expect(h.engine.world.index.surveys['s-pod']!.podconfig).toBe(true);
  });

  it('markup in the serial stays text; a UTF-8 BOM is fine', async () => {
    const h = await waitingForPodconfig();
    const r = await h.engine.checkPodconfig([podconfigFile('\uFEFF' + pod(six, 'PodConfig', ' serial="&lt;img src=x&gt;"'))]);
    expect(r).toMatchObject({ ok: true, summary: { text: '6 cameras, pod serial &lt;img src=x&gt;' } });
  });

  it.each([
    ['UTF-16 LE', utf16(SAMPLE_PODCONFIG_TEXT, 'le')],
    ['UTF-16 BE', utf16(SAMPLE_PODCONFIG_TEXT, 'be')],
    ['UTF-8', Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(SAMPLE_PODCONFIG_TEXT)])],
  ])('the sample saved as %s with a byte-order mark is read by its mark (issue 19)', async (_encoding, bytes) => {
    const h = await waitingForPodconfig();
    expect(await h.engine.checkPodconfig([podconfigFile(bytes)])).toMatchObject({ ok: true, summary: { text: '6 cameras, pod serial POD-0042' } });
    expect(await h.do({ type: 'processPodconfig', surveyId: 's-pod', files: [podconfigFile(bytes)] })).toMatchObject({ ok: true });
  });
});
