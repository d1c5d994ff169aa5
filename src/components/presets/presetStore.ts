/**
 * The preset modals of docs/requirements.md#req-presets (Coming Soon, Missing Feature, Alert, Confirm) as promises: any
 * module can ask `confirmDialog({...})` and await the person's answer. One `PresetHost` (mounted
 * once by the app shell) renders whatever is asked; requests queue, so two never overlap.
 */
import { createStore, useStore } from '../../app/store';

export type PresetKind = 'confirm' | 'alert' | 'comingSoon' | 'missingFeature';

export interface PresetRequest {
  key: number;
  kind: PresetKind;
  title: string;
  message: string;
  okLabel: string;
  /** Confirm only: the label of the button that declines. */
  cancelLabel: string;
  resolve: (ok: boolean) => void;
}

export interface ConfirmOptions {
  title: string;
  message: string;
  /** Defaults to "OK" (docs/architecture.md#arch-names: modals have OK and Cancel). */
  okLabel?: string;
}

export interface AlertOptions {
  title: string;
  message: string;
  okLabel?: string;
}

/** docs/requirements.md#req-errors: the Coming Soon preset's exact text. */
export const COMING_SOON_TEXT = 'This feature is coming soon';

const queue = createStore<PresetRequest[]>([]);
let nextKey = 1;

function ask(request: Omit<PresetRequest, 'key' | 'resolve'>): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    queue.set([...queue.get(), { ...request, key: nextKey++, resolve }]);
  });
}

/** Answers the request on screen (the host calls this) and shows the next one, if any. */
export function answerPreset(key: number, ok: boolean): void {
  const request = queue.get().find((r) => r.key === key);
  if (!request) return;
  queue.set(queue.get().filter((r) => r.key !== key));
  request.resolve(ok);
}

/** Resolves true on OK, false on Cancel or Escape. */
export function confirmDialog({ title, message, okLabel = 'OK' }: ConfirmOptions): Promise<boolean> {
  return ask({ kind: 'confirm', title, message, okLabel, cancelLabel: 'Cancel' });
}

/** Informs; resolves when closed. */
export async function alertDialog({ title, message, okLabel = 'OK' }: AlertOptions): Promise<void> {
  await ask({ kind: 'alert', title, message, okLabel, cancelLabel: 'Cancel' });
}

/** The Coming Soon preset (docs/requirements.md#req-presets): 'This feature is coming soon'. `feature` names it in the title. */
export async function comingSoon(feature?: string): Promise<void> {
  await ask({ kind: 'comingSoon', title: feature ?? 'Coming Soon', message: COMING_SOON_TEXT, okLabel: 'OK', cancelLabel: 'Cancel' });
}

/** The Missing Feature preset (docs/requirements.md#req-presets): a feature the prototype deliberately leaves out (e.g. media filtering). */
export async function missingFeature(feature: string): Promise<void> {
  await ask({
    kind: 'missingFeature',
    title: 'Missing Feature',
    message: `Not yet implemented in this prototype: ${feature}.`,
    okLabel: 'OK',
    cancelLabel: 'Cancel',
  });
}

/** The request on screen (the first of the queue), or null. */
export function usePresetRequest(): PresetRequest | null {
  return useStore(queue, (requests) => requests[0] ?? null);
}
