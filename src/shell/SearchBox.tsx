/**
 * The header's search (docs/requirements.md#req-header, #req-search): a combobox named "Search" whose suggestions come from the
 * engine's index (from 1 character, at most 15), grouped by type. Arrows move through them, Enter
 * opens the active one (or the first), Escape closes the list (a second Escape clears the box).
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Input, makeStyles, tokens } from '@fluentui/react-components';
import { Search20Regular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { SearchEntry } from '../../worker/domain/types';
import { SEARCH_MAX_SUGGESTIONS, SEARCH_MIN_CHARS } from '../../worker/domain/constants';
import { engineClient } from '../engine/client';
import { SEARCH_GROUPS, searchTarget } from './searchTarget';
import { landOnRow } from './landOnRow';
import { SearchSuggestions } from './SearchSuggestions';

const useStyles = makeStyles({
  // In a phone-wide window the header's tools share 360 px: the box gives way first.
  root: { position: 'relative', flexShrink: 1, minWidth: '140px', '@media (max-width: 599px)': { minWidth: '88px' } },
  input: {
    width: '260px',
    maxWidth: '100%',
    '@media (max-width: 1000px)': { width: '190px' },
  },
  empty: {
    position: 'absolute',
    right: 0,
    top: 'calc(100% + 4px)',
    width: 'min(380px, 90vw)',
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
    boxShadow: tokens.shadow16,
    borderRadius: tokens.borderRadiusMedium,
    zIndex: 1000,
  },
});

/** Suggestions in display order: grouped by type, in the engine's order within each group. */
function grouped(entries: SearchEntry[]): SearchEntry[] {
  const capped = entries.slice(0, SEARCH_MAX_SUGGESTIONS);
  return SEARCH_GROUPS.flatMap((g) => capped.filter((e) => e.type === g.type));
}

export function SearchBox() {
  const s = useStyles();
  const listId = useId();
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchEntry[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** Answers can come back out of order; only the latest request's answer counts. */
  const requestNo = useRef(0);

  const runSearch = (text: string) => {
    const no = ++requestNo.current;
    if (text.trim().length < SEARCH_MIN_CHARS) {
      setResults([]);
      setOpen(false);
      setActive(-1);
      return;
    }
    void engineClient()
      .search(text.trim())
      .then((found) => {
        if (no !== requestNo.current) return;
        // Projects are offered only while the Projects page is on: a result must lead somewhere.
        const projects = engineClient().model.flags.projects;
        setResults(grouped(projects ? found : found.filter((e) => e.type !== 'project')));
        setActive(-1);
        setOpen(true);
      });
  };

  const choose = async (entry: SearchEntry | undefined) => {
    if (!entry) return;
    const { model } = engineClient();
    requestNo.current++;
    setQuery('');
    setResults([]);
    setOpen(false);
    setActive(-1);
    navigate(searchTarget(entry, model.flags));
    if (entry.type === 'survey') landOnRow('surveys', entry.id);
    if (entry.type === 'media') landOnRow('media', entry.id);
    if (entry.type === 'capture') landOnRow('captures', entry.related.captureId ?? entry.id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        if (results.length) setOpen(true);
        else runSearch(query);
        return;
      }
      if (!results.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : results.length - 1) : (i + step + results.length) % results.length));
    } else if (e.key === 'Enter') {
      if (open && results.length) {
        e.preventDefault();
        void choose(results[active >= 0 ? active : 0]);
      }
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (open) setOpen(false);
      else setQuery('');
    }
  };

  const expanded = open && results.length > 0;
  const optionId = (i: number) => `${listId}-opt-${i}`;
  return (
    <div className={s.root}>
      <Input
        className={s.input}
        type="text"
        role="combobox"
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder="Search captures, surveys, media…"
        autoComplete="off"
        contentBefore={<Search20Regular aria-hidden />}
        value={query}
        onChange={(_, data) => {
          setQuery(data.value);
          runSearch(data.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (results.length) setOpen(true);
        }}
        onBlur={() => setOpen(false)}
      />
      {expanded && (
        <SearchSuggestions id={listId} entries={results} active={active} optionId={optionId} onChoose={choose} onHover={setActive} />
      )}
      {open && !results.length && query.trim() && <div className={s.empty}>No matches for “{query.trim()}”</div>}
    </div>
  );
}
