/**
 * The PodConfig check (docs/workflow-rules.md, "PodConfig files"): reads the uploaded bytes and
 * says exactly what is wrong, or what the file holds. Pure: the engine is its only caller and the
 * one judge; the UI never decides whether a file is good.
 *
 * Text is UTF-8, or UTF-16 (LE or BE) when a byte-order mark says so.
 *
 * Order matters: cheap, certain refusals (count, name, size, empty, binary, DTD) come before any
 * parsing, so a hostile file never reaches the parser. DTDs and entity declarations are refused
 * outright, never expanded ("billion laughs", external entities).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { CAMERAS, PODCONFIG_MAX_BYTES, PODCONFIG_MAX_FILES } from './constants';

/** One uploaded file as the UI read it: `bytes` holds at most PODCONFIG_MAX_BYTES + 1 bytes. */
export interface PodconfigUpload {
  name: string;
  /** The file's real size in bytes (the UI does not read past the cap). */
  size: number;
  bytes: Uint8Array;
}

/** What the user is about to accept, shown in the dialog before OK. */
export interface PodconfigSummary {
  podSerial: string;
  cameras: string[];
  /** "6 cameras, pod serial POD-0042" */
  text: string;
}

export type PodconfigCheck = { ok: true; summary: PodconfigSummary } | { ok: false; error: string };

export const PODCONFIG_ROOT = 'PodConfig';
/** Cam01 … Cam06 (docs/requirements.md#req-cameras: six cameras). */
export const PODCONFIG_CAMERA_IDS: readonly string[] = CAMERAS;
const MAX_MB = PODCONFIG_MAX_BYTES / (1024 * 1024);

const refuse = (error: string): PodconfigCheck => ({ ok: false, error });

/** Count, name and the bytes' presence: what can be judged without reading. */
function checkUploads(files: unknown): PodconfigUpload | string {
  if (!Array.isArray(files) || files.length === 0) return 'Please choose a PodConfig file';
  if (files.length > PODCONFIG_MAX_FILES) return 'Only one file can be uploaded';
  const file = files[0] as Partial<PodconfigUpload> | null;
  if (!file || typeof file !== 'object' || typeof file.name !== 'string' || !/\.xml$/i.test(file.name)) {
    return 'Only .xml files are accepted';
  }
  if (!(file.bytes instanceof Uint8Array)) return 'The PodConfig file could not be read';
  const size = typeof file.size === 'number' && Number.isFinite(file.size) ? file.size : file.bytes.length;
  if (size > PODCONFIG_MAX_BYTES || file.bytes.length > PODCONFIG_MAX_BYTES) {
    return `The PodConfig file is larger than ${MAX_MB} MB`;
  }
  return { name: file.name, size, bytes: file.bytes };
}

/**
 * The encoding a byte-order mark names (Notepad on Windows saves "Unicode" as UTF-16 LE with one),
 * else UTF-8. A UTF-16 file is full of NUL bytes, so the mark is read before the NUL test.
 */
function encodingOf(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/** The text, decoded by its byte-order mark (dropped), or null when the bytes are not text (NULs, invalid code units). */
function decodeText(bytes: Uint8Array): string | null {
  const encoding = encodingOf(bytes);
  if (encoding === 'utf-8' && bytes.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  return text.includes('\u0000') ? null : text;
}

type Node = Record<string, unknown>;
const asList = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const asNode = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
const attr = (node: Node, name: string): string => {
  const v = node[`@${name}`];
  return typeof v === 'string' ? v.trim() : '';
};

/** A PodConfig is three elements deep; anything far deeper is not one (and the parser stops there). */
const MAX_DEPTH = 32;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseAttributeValue: false,
  parseTagValue: false,
  // Never expand anything: DTDs were refused already, and the five predefined entities suffice.
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_DEPTH,
});

/**
 * The parser refuses some well-formed files by throwing: element or attribute names that are
 * JavaScript's own ("__proto__", "constructor"), and nesting past MAX_DEPTH. Each is a message for
 * the file field like any other refusal, never an exception out of the engine.
 */
function parseFailure(error: unknown): string {
  const why = error instanceof Error ? error.message : String(error);
  if (/nested tags/i.test(why)) return `The PodConfig file nests its elements more than ${MAX_DEPTH} deep: it is not a PodConfig`;
  const reserved = /"([^"]{1,40})" is a reserved JavaScript keyword/.exec(why);
  if (reserved) return `The PodConfig file uses the name "${reserved[1]}", which is not accepted`;
  return `The PodConfig file could not be read (${why.slice(0, 120)})`;
}

/** The documented shape: <PodConfig serial="…"> holding <Camera id="Cam0N" serial="…"/> ×6. */
function checkShape(xml: string): PodconfigCheck {
  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch (error) {
    return refuse(parseFailure(error));
  }
  const doc = asNode(parsed);
  const roots = Object.keys(doc).filter((k) => !k.startsWith('?') && k !== '#text' && k !== '#comment');
  const root = roots[0] ?? '';
  if (root !== PODCONFIG_ROOT) return refuse(`The root element is <${root.slice(0, 40)}>, not <${PODCONFIG_ROOT}>`);
  const pod = asNode(asList(doc[PODCONFIG_ROOT])[0]);
  const podSerial = attr(pod, 'serial');
  if (!podSerial) return refuse('The PodConfig has no pod serial (serial="…" on <PodConfig>)');
  const cameras = asList(asNode(asList(pod['Cameras'])[0])['Camera']).map(asNode);
  const seen = new Map<string, Node>();
  for (const camera of cameras) {
    const id = attr(camera, 'id');
    if (!PODCONFIG_CAMERA_IDS.includes(id)) return refuse(`Unknown camera "${id.slice(0, 20)}": cameras are Cam01 to Cam06`);
    if (seen.has(id)) return refuse(`Camera ${id} appears twice`);
    seen.set(id, camera);
  }
  const missing = PODCONFIG_CAMERA_IDS.filter((id) => !seen.has(id));
  if (missing.length) return refuse(`Missing camera${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: a pod has six cameras`);
  for (const [id, camera] of seen) {
    if (!attr(camera, 'serial')) return refuse(`Camera ${id} has no serial`);
    const focal = Number(attr(camera, 'focalLengthMm'));
    if (!(focal > 0)) return refuse(`Camera ${id} has no focal length (focalLengthMm)`);
  }
  const serial = podSerial.slice(0, 64);
  return { ok: true, summary: { podSerial: serial, cameras: [...PODCONFIG_CAMERA_IDS], text: `${CAMERAS.length} cameras, pod serial ${serial}` } };
}

export function checkPodconfig(files: unknown): PodconfigCheck {
  const upload = checkUploads(files);
  if (typeof upload === 'string') return refuse(upload);
  if (upload.size === 0 || upload.bytes.length === 0) return refuse('The PodConfig file is empty');
  const text = decodeText(upload.bytes);
  if (text === null) return refuse('The PodConfig file is not text: it looks like a binary file');
  if (!text.trim()) return refuse('The PodConfig file is empty');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return refuse('The PodConfig file declares a DTD or entities, which are not accepted');
  let valid: ReturnType<typeof XMLValidator.validate>;
  try {
    valid = XMLValidator.validate(text);
  } catch (error) {
    return refuse(parseFailure(error));
  }
  if (valid !== true) {
    return refuse(`The PodConfig file is not well-formed XML (line ${valid.err.line}: ${valid.err.msg.slice(0, 120)})`);
  }
  return checkShape(text);
}
