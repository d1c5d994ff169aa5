/**
 * The preset modals of SPEC §2. Mount `<PresetHost />` once (the shell does); call the functions
 * anywhere: `if (await confirmDialog({ title: 'Publish', message: '…', okLabel: 'Publish' })) …`
 */
export { PresetHost } from './PresetHost';
export { alertDialog, comingSoon, confirmDialog, missingFeature, COMING_SOON_TEXT } from './presetStore';
export type { AlertOptions, ConfirmOptions } from './presetStore';
