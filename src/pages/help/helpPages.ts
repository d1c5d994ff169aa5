/**
 * The help pages (docs/requirements.md#req-screen-help) in the order of their sub-navigation.
 */
import { paths } from '../../app/paths';

export type HelpPageName = 'overview' | 'release-notes' | 'upcoming' | 'known-issues' | 'videos';

export const HELP_PAGES: { name: HelpPageName; label: string; href: string }[] = [
  { name: 'overview', label: 'Overview', href: paths.help() },
  { name: 'release-notes', label: 'Release Notes', href: paths.help('release-notes') },
  { name: 'upcoming', label: 'Upcoming', href: paths.help('upcoming') },
  { name: 'known-issues', label: 'Known Issues', href: paths.help('known-issues') },
  { name: 'videos', label: 'Videos', href: paths.help('videos') },
];
