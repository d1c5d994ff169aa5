/**
 * A trailing debounce with a cancel, for scroll and resize handlers (docs/requirements.md#req-viewport: scroll 10 ms,
 * resize 100 ms).
 */
export interface Debounced {
  (): void;
  cancel(): void;
}

export function debounce(fn: () => void, waitMs: number): Debounced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (() => {
    clearTimeout(timer);
    timer = setTimeout(fn, waitMs);
  }) as Debounced;
  run.cancel = () => clearTimeout(timer);
  return run;
}
