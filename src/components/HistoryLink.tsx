/**
 * "History": the way from an entity's row or page to its history (docs/history.md#the-page), a
 * link (a real address, shareable and opened offline like any other page).
 */
import { makeStyles } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import type { HistoryOf } from '../../worker/screens';
import { paths } from '../app/paths';
import { AppLink } from './AppLink';

const useStyles = makeStyles({
  link: { display: 'inline-flex', alignItems: 'center', gap: '4px', whiteSpace: 'nowrap' },
});

/** `name`: the entity in words, for the accessible name ("survey 3F2A9C1D", "media TS007"). */
export function HistoryLink({ of, id, name }: { of: HistoryOf; id: string; name: string }) {
  const styles = useStyles();
  return (
    <AppLink href={paths.history(of, id)} className={styles.link} aria-label={`History of ${name}`}>
      <HistoryRegular aria-hidden />
      History
    </AppLink>
  );
}
