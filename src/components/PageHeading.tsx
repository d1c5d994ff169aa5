/**
 * The heading block of a detail page: title, a line of facts, the status and the actions.
 */
import type { ReactNode } from 'react';
import { Text, Title2, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: '12px 24px' },
  titles: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  sub: { color: tokens.colorNeutralForeground2 },
  side: { display: 'flex', alignItems: 'center', gap: '16px', flexWrap: 'wrap' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
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
      </div>
      <div className={styles.side}>
        {status}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </header>
  );
}
