/**
 * The help section (docs/requirements.md#req-screen-help): one heading, the sub-navigation, and the chosen page.
 */
import { Title2, makeStyles, tokens } from '@fluentui/react-components';
import { HELP_PAGES, type HelpPageName } from './helpPages';
import { HelpSubNav } from './HelpSubNav';
import { HelpOverview } from './HelpOverview';
import { ReleaseNotes } from './ReleaseNotes';
import { Upcoming } from './Upcoming';
import { KnownIssues } from './KnownIssues';
import { Videos } from './Videos';

const useStyles = makeStyles({
  title: { marginBottom: tokens.spacingVerticalS },
});

const CONTENT: Record<HelpPageName, () => React.JSX.Element> = {
  overview: HelpOverview,
  'release-notes': ReleaseNotes,
  upcoming: Upcoming,
  'known-issues': KnownIssues,
  videos: Videos,
};

export default function HelpPage({ page }: { page: HelpPageName }) {
  const s = useStyles();
  const Content = CONTENT[page];
  const label = HELP_PAGES.find((p) => p.name === page)?.label ?? '';
  return (
    <div>
      <Title2 as="h1" block className={s.title}>
        {page === 'overview' ? 'Help' : `Help: ${label}`}
      </Title2>
      <HelpSubNav page={page} />
      <Content />
    </div>
  );
}
