/**
 * The preset modals of docs/requirements.md#req-presets. Mount `<PresetHost />` once (the shell does); call the functions
 * anywhere: `if (await confirmDialog({ title: 'Publish', message: '…', okLabel: 'Publish' })) …`
 */
export { PresetHost } from './PresetHost';
export { alertDialog, comingSoon, confirmDialog, missingFeature, COMING_SOON_TEXT } from './presetStore';
export type { AlertOptions, ConfirmOptions } from './presetStore';
