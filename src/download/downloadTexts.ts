/**
 * What the Download Frames dialog says while a ZIP is made and once it has ended. Pure, so each
 * sentence is tested as a person reads it.
 */
import type { DownloadOutcome, SaveTarget } from './runDownload';
import type { ZipProgress } from './zipFrames';

const MB = 1024 * 1024;

/** "12.4 MB", "312 MB", "0.2 MB". */
export function megabytes(bytes: number): string {
  return `${(bytes / MB).toLocaleString('en', { maximumFractionDigits: bytes < 100 * MB ? 1 : 0 })} MB`;
}

const frames = (n: number) => (n === 1 ? '1 frame' : `${n.toLocaleString('en')} frames`);

/** "37 of 360 frames · 12.4 MB · 2 could not be fetched" */
export function progressText(p: ZipProgress): string {
  const parts = [`${p.framesDone.toLocaleString('en')} of ${frames(p.framesTotal)}`, megabytes(p.bytes)];
  if (p.missing > 0) parts.push(`${p.missing.toLocaleString('en')} could not be fetched`);
  return parts.join(' · ');
}

/** Where the bytes go while the ZIP is made. */
export function destinationText(target: SaveTarget['way'], name: string): string {
  if (target === 'file') return `Writing ${name} as its frames arrive.`;
  if (target === 'downloads') return `Your browser's downloads receive ${name} as its frames arrive.`;
  return `${name} is put together first, then handed to your browser's downloads.`;
}

/** The outcome's headline. */
export function outcomeText(outcome: DownloadOutcome): string {
  const { progress } = outcome;
  if (outcome.kind === 'saved') {
    const what = `${frames(progress.framesDone)}, ${megabytes(progress.bytes)}`;
    return outcome.target === 'file' ? `Saved ${outcome.name}: ${what}.` : `${outcome.name} is in your browser's downloads: ${what}.`;
  }
  const after = `after ${progress.framesDone.toLocaleString('en')} of ${frames(progress.framesTotal)}`;
  const head = outcome.kind === 'cancelled' ? `Download cancelled ${after}.` : `The ZIP could not be written ${after}: ${outcome.message.replace(/\.$/, '')}.`;
  return `${head} ${leftBehind(outcome)}`;
}

/** What a stopped or failed ZIP left on disk: never a file that looks complete. */
function leftBehind(outcome: Extract<DownloadOutcome, { kind: 'cancelled' | 'failed' }>): string {
  if (outcome.target === 'file') {
    return outcome.removed === false
      ? 'Its file could not be removed by the browser: it is incomplete, delete it.'
      : 'Its partial file was removed; nothing was saved.';
  }
  if (outcome.target === 'downloads') return "Your browser's downloads show it as failed; nothing was saved.";
  return 'Nothing was saved.';
}
