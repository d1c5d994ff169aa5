/**
 * The list under the search box: options grouped and labelled by type (Projects, Captures,
 * Flight Plans, Surveys, Media). Focus stays in the box; the active option is announced through
 * aria-activedescendant.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { SearchEntry } from '../../worker/domain/types';
import { SEARCH_GROUPS } from './searchTarget';

const useStyles = makeStyles({
  list: {
    position: 'absolute',
    right: 0,
    top: 'calc(100% + 4px)',
    width: 'min(420px, 92vw)',
    maxHeight: '70vh',
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow16,
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalXS} 0`,
    zIndex: 1000,
  },
  groupLabel: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
  option: {
    display: 'flex',
    flexDirection: 'column',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  active: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    boxShadow: `inset 3px 0 0 ${tokens.colorBrandStroke1}`,
  },
  title: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  subtitle: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
});

export interface SearchSuggestionsProps {
  id: string;
  /** Already grouped in display order; indexes match `active`. */
  entries: SearchEntry[];
  active: number;
  optionId: (index: number) => string;
  onChoose: (entry: SearchEntry) => void;
  onHover: (index: number) => void;
}

export function SearchSuggestions({ id, entries, active, optionId, onChoose, onHover }: SearchSuggestionsProps) {
  const s = useStyles();
  let index = 0;
  return (
    <div id={id} role="listbox" aria-label="Search suggestions" className={s.list}>
      {SEARCH_GROUPS.map((group) => {
        const members = entries.filter((e) => e.type === group.type);
        if (!members.length) return null;
        const labelId = `${id}-${group.type}`;
        return (
          <div key={group.type} role="group" aria-labelledby={labelId}>
            <div id={labelId} className={s.groupLabel} role="presentation">
              {group.label}
            </div>
            {members.map((entry) => {
              const i = index++;
              return (
                // The combobox pattern: the Search box keeps the focus and answers the keys
                // (aria-activedescendant); an option only takes a click.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
                <div
                  key={`${entry.type}:${entry.id}`}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={mergeClasses(s.option, i === active && s.active)}
                  // Keep focus in the box so the list does not close before the click lands.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => onChoose(entry)}
                  onMouseEnter={() => onHover(i)}
                >
                  <span className={s.title}>{entry.title}</span>
                  {entry.subtitle && <span className={s.subtitle}>{entry.subtitle}</span>}
                </div>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
