/**
 * The console's Fluent theme. Fluent's web light theme is contrast-checked for every token we use
 * (the accessibility scan relies on it); only the page background differs, a touch of grey so
 * white tables and cards stand out.
 */
import { webLightTheme, type Theme } from '@fluentui/react-components';

export const appTheme: Theme = {
  ...webLightTheme,
};

/** Page background behind the content cards. */
export const PAGE_BACKGROUND = webLightTheme.colorNeutralBackground2;
