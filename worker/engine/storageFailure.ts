/**
 * What the user reads when the browser refuses to store a change (issue "Every bad input
 * answered"): the action is answered as failed and nothing of it is kept, in memory or on disk.
 */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/**
 * What the console says, in its banner, while the store cannot hold the world (issue 19): the
 * world could not be written at boot, so it is shown from memory and nothing is written at all —
 * the store never holds half a world. Actions that would change the world are refused with it.
 */
/** Why the browser refused to store `what` (it, them), in words. */
function refusal(error: unknown, what: string): string {
  return isQuotaError(error) ? 'the browser’s storage for this site is full' : `the browser refused to store ${what}${error instanceof Error && error.message ? ` (${error.message})` : ''}`;
}

export function unsavedWorld(error: unknown): string {
  const why = refusal(error, 'it');
  return `The demo data could not be saved: ${why}. The console shows it, but nothing you change can be kept, so changes are refused. Free space for this site (or clear its data), then reload.`;
}

/** What team sync says while this laptop's store refuses the team's changes (docs/sync.md#taking-changes-into-the-world). */
export function teamChangesRefused(error: unknown): string {
  const why = refusal(error, 'them');
  return `The team’s changes could not be kept on this laptop: ${why}. Nothing of them was taken; they are tried again every few seconds. Free space for this site to take them.`;
}

export function storageFailure(error: unknown): string {
  if (isQuotaError(error)) {
    return 'The browser’s storage is full, so this change was not saved and nothing changed. Export demo data to keep a copy, then Clean Demo to make room.';
  }
  const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
  return `This change could not be saved${reason}, so nothing changed. Try again; if it keeps failing, Export demo data to keep a copy.`;
}
