/**
 * The first way Download Frames saves its ZIP (docs/download-frames.md): the File System Access
 * API, where the browser has it (Chromium). The person picks the file; the ZIP is piped into it as
 * it is made, so no more than a few chunks are ever in the page.
 *
 * Chromium writes into a temporary file beside the chosen one and moves it into place only on
 * close. A stream that errors (stopped, or failed) makes the pipe abort the writable, which drops
 * that temporary file; the file the picker created is then removed too, where the browser can
 * (`FileSystemHandle.remove`), so no partial ZIP is left under the chosen name.
 */

/** The part of FileSystemFileHandle used here; `remove` is Chromium's, not yet every browser's. */
export interface ZipFileHandle {
  readonly name: string;
  createWritable(): Promise<WritableStream<Uint8Array>>;
  remove?: () => Promise<void>;
}

interface SavePickerWindow {
  showSaveFilePicker?: (options: {
    suggestedName: string;
    types: { description: string; accept: Record<string, string[]> }[];
  }) => Promise<ZipFileHandle>;
}

export function canPickFile(scope: object = window): boolean {
  return typeof (scope as SavePickerWindow).showSaveFilePicker === 'function';
}

/**
 * Asks where to save, inside the click that started the download (the picker needs that gesture).
 * Null when the person closes the picker without choosing.
 */
export async function pickZipFile(suggestedName: string, scope: object = window): Promise<ZipFileHandle | null> {
  const picker = (scope as SavePickerWindow).showSaveFilePicker;
  if (!picker) throw new Error('This browser cannot save to a chosen file.');
  try {
    return await picker.call(scope, { suggestedName, types: [{ description: 'ZIP archive', accept: { 'application/zip': ['.zip'] } }] });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    throw error;
  }
}

export type FileSaved = { ok: true } | { ok: false; error: unknown; removed: boolean };

/**
 * Writes the stream into the file, and closes it only when the stream ended whole. On any error of
 * the stream (a stop included) the writable is aborted and the file removed; `removed` says
 * whether the browser could remove it.
 */
export async function saveToFile(handle: ZipFileHandle, stream: ReadableStream<Uint8Array>): Promise<FileSaved> {
  let writable: WritableStream<Uint8Array>;
  try {
    writable = await handle.createWritable();
  } catch (error) {
    await stream.cancel(error).catch(() => undefined);
    return { ok: false, error, removed: await removeFile(handle) };
  }
  try {
    // pipeTo closes the writable when the stream ends, and aborts it when the stream errors.
    await stream.pipeTo(writable);
    return { ok: true };
  } catch (error) {
    await writable.abort(error).catch(() => undefined);
    return { ok: false, error, removed: await removeFile(handle) };
  }
}

async function removeFile(handle: ZipFileHandle): Promise<boolean> {
  if (!handle.remove) return false;
  try {
    await handle.remove();
    return true;
  } catch (error) {
    // Never created (the browser writes on close): nothing is left, which is what was wanted.
    return error instanceof DOMException && error.name === 'NotFoundError';
  }
}
