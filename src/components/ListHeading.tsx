/**
 * A list page's heading (/captures, /surveys): its title, and its "My favorites" switch at the end
 * of the line (issue 36).
 */
import { Title2, makeStyles } from '@fluentui/react-components';
import { FavoritesSwitch } from './FavoritesSwitch';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '8px 16px' },
});

export function ListHeading({ id, title }: { id: string; title: string }) {
  const styles = useStyles();
  return (
    <div className={styles.bar}>
      <Title2 as="h1" id={id}>
        {title}
      </Title2>
      <FavoritesSwitch />
    </div>
  );
}
