/**
 * Hook forms of the presets, for components that prefer hooks. Each returns a stable function;
 * the plain functions in `presetStore.ts` work just as well outside React.
 */
import { alertDialog, comingSoon, confirmDialog, missingFeature } from './presetStore';

/** `const confirm = useConfirm(); if (await confirm({ title, message, okLabel })) …` */
export function useConfirm(): typeof confirmDialog {
  return confirmDialog;
}

export function useAlert(): typeof alertDialog {
  return alertDialog;
}

export function useComingSoon(): typeof comingSoon {
  return comingSoon;
}

export function useMissingFeature(): typeof missingFeature {
  return missingFeature;
}
