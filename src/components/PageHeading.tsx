/**
 * The heading block of a detail page: title, a line of facts, the status and the actions.
 */
import type { ReactNode } from 'react';
import { Text, Title2, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: '12px 24px' },
  titles: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: 0 },
  sub: { color: tokens.colorNeutralForeground2 },
  status: { maxWidth: '320px', marginTop: '4px' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center', paddingTop: '6px' },
});

export interface PageHeadingProps {
  title: string;
  subtitle?: ReactNode;
  status?: ReactNode;
  actions?: ReactNode;
}

export function PageHeading({ title, subtitle, status, actions }: PageHeadingProps) {
  const styles = useStyles();
  return (
    <header className={styles.root}>
      <div className={styles.titles}>
        <Title2 as="h1">{title}</Title2>
        {subtitle && <Text className={styles.sub}>{subtitle}</Text>}
        {status && <div className={styles.status}>{status}</div>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
