/**
 * A table row that stands for one entity: it glows when an action touched it ("Highlight row when
 * action performed", and search landing on it), keeps a fixed height in a windowed table, and
 * names its entity in an attribute (ROW_ATTRIBUTE) by which search finds it on the page.
 */
import type { ReactNode } from 'react';
import { TableRow, mergeClasses } from '@fluentui/react-components';
import type { EntityKind, Id } from '../../worker/domain/types';
import { useHighlighted } from '../app/highlight';
import { useRowStyles } from './rowStyles';

/** The attribute that names a row's entity, by kind. */
export const ROW_ATTRIBUTE: Partial<Record<EntityKind, string>> = {
  surveys: 'data-survey-id',
  media: 'data-media-id',
  captures: 'data-capture-id',
  drives: 'data-host',
};

export function EntityRow({ kind, id, height, children }: { kind: EntityKind; id: Id; height?: number; children: ReactNode }) {
  const styles = useRowStyles();
  const highlighted = useHighlighted(kind, id);
  const name = ROW_ATTRIBUTE[kind];
  return (
    <TableRow
      className={mergeClasses(styles.row, highlighted && styles.highlighted)}
      data-highlighted={highlighted || undefined}
      style={height ? { height } : undefined}
      {...(name ? { [name]: id } : {})}
    >
      {children}
    </TableRow>
  );
}
