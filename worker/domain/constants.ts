/**
 * Every business constant of the product, each citing docs/requirements.md. Units are in the names.
 * Pure values only: this module is safe to import anywhere (engine, UI, scripts, tests).
 */

/** docs/requirements.md#req-version-rule: a stored version other than this discards the stored data. */
export const DATA_VERSION = 45;

/** docs/requirements.md#req-constants */
export const FLASH_CLEAR_MS = 4000;
export const TICK_MS = 500;
export const SAVE_DELAY_MS = 500;
export const LIST_CAP = 150;
export const SEARCH_MIN_CHARS = 1;
export const SEARCH_MAX_SUGGESTIONS = 15;
export const PICKER_MAX_SUGGESTIONS = 10;
export const SCROLL_DEBOUNCE_MS = 10;
export const RESIZE_DEBOUNCE_MS = 100;
export const SHORT_ID_LENGTH = 8;
export const DEFAULT_WORKFLOW_SECONDS = 60;

/** docs/requirements.md#req-cameras "Six cameras": the pod's cameras, as the photo set, the QC grid and PodConfig name them. */
export const CAMERAS = ['Cam01', 'Cam02', 'Cam03', 'Cam04', 'Cam05', 'Cam06'] as const;
export type CameraId = (typeof CAMERAS)[number];

/** A line's thumbnails in one file, beside its camera folders (docs/data.md): `photos/<line>/thumbnails.32.pack`. */
export const THUMBNAIL_PACK_FILE = 'thumbnails.32.pack';

/** docs/requirements.md#req-size-presets: survey size presets, in seconds of flying (and of simulated receiving). */
export const SIZE_PRESETS_S = {
  teeny: 10,
  tiny: 30,
  small: 150,
  medium: 300,
  large: 600,
  huge: 3600,
} as const;
export type SizePreset = keyof typeof SIZE_PRESETS_S;

/** docs/requirements.md#req-validation */
export const DEMO_PASSWORD = 'demo';
export const DATE_INPUT_FORMAT = 'dd MMM yyyy';
export const PODCONFIG_MAX_FILES = 1;
/** Issue 13: a PodConfig file is a few kB; anything past this is not one, and is not read. */
export const PODCONFIG_MAX_BYTES = 5 * 1024 * 1024;
/** Issue 13 / RFC 5321: the longest address a mail system carries. */
export const EMAIL_MAX_CHARS = 254;
/**
 * Issue 19: the earliest day a survey can have been flown or received. The product's digital pods
 * are far younger; the bound keeps a mistyped year (0001, 1026) out, as "not after today" keeps
 * the future out.
 */
export const EARLIEST_DAY = '1990-01-01';
/** Issue 13: a media id (drive label) is letters, digits and '-', 1 to 16 characters. */
export const MEDIA_ID_PATTERN = /^[A-Za-z0-9-]{1,16}$/;

/**
 * docs/requirements.md#req-demo-expiry "Demo state resets when stored data has expired." The spec gives no period; a demo left
 * untouched for two weeks is stale enough that starting afresh is what a presenter wants.
 */
export const DEMO_EXPIRY_MS = 14 * 24 * 60 * 60 * 1000;

/** docs/architecture.md#arch-simulation-speed: the only way to bend time. */
export const SIMULATION_SPEEDS = [1, 10, 100] as const;
export type SimulationSpeed = (typeof SIMULATION_SPEEDS)[number];

/** Default flags (docs/requirements.md#req-default-flags). */
export const DEFAULT_FLAGS = {
  projects: false,
  surveys: false,
  highlighter: true,
  speed: 1 as SimulationSpeed,
  /** Image proxy base URL; empty means the embedded offline photo set (issue 4). */
  imageProxy: '',
};

/**
 * docs/architecture.md#arch-local-storage: browsers give localStorage about 5 MB (UTF-16, so ~2.5 M characters). A `db`
 * larger than this is not mirrored at all: IndexedDB keeps the record (see PersistMessage.db).
 */
export const LOCAL_MIRROR_MAX_CHARS = 2_500_000;

/** docs/requirements.md#req-persistence: the keys the main thread mirrors into localStorage. */
export const STORAGE_KEYS = {
  db: 'db',
  version: 'version',
  current: 'current',
  flags: 'flags',
} as const;

/** The sample data (docs/requirements.md#req-sample-data). */
export const SAMPLE = {
  projectId: 'SAMPLE',
  cpid: 'SAMPLE007',
  flightPlanCode: 'FP007',
  mediaId: 'TS007',
} as const;
