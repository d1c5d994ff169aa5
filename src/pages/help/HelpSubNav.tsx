/**
 * Links between the help pages; the current one is marked with aria-current.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link } from 'wouter';
import { HELP_PAGES, type HelpPageName } from './helpPages';

const useStyles = makeStyles({
  nav: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    marginBottom: tokens.spacingVerticalL,
  },
  link: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    borderBottom: '3px solid transparent',
    ':hover': { color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorSubtleBackgroundHover },
  },
  active: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    borderBottomColor: tokens.colorBrandStroke1,
  },
});

export function HelpSubNav({ page }: { page: HelpPageName }) {
  const s = useStyles();
  return (
    <nav aria-label="Help pages" className={s.nav}>
      {HELP_PAGES.map((p) => (
        <Link
          key={p.name}
          href={p.href}
          className={mergeClasses(s.link, p.name === page && s.active)}
          aria-current={p.name === page ? 'page' : undefined}
        >
          {p.label}
        </Link>
      ))}
    </nav>
  );
}
