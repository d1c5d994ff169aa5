/**
 * A star on a capture, a survey or a media set (issue 36, docs/requirements.md#req-favourites),
 * on its row and on its page: pressed when the signed-in person has it among their favorites.
 * Every star on the page reads one view, the person's stars; a press sends the action, and the
 * view's new answer turns the star. A refusal (signed out in another tab) says why.
 */
import { ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { StarFilled, StarRegular } from '@fluentui/react-icons';
import type { FavouriteKind } from '../../worker/domain/favourites';
import type { Id } from '../../worker/domain/types';
import { alertIfRefused } from '../app/refusal';
import { runAction } from '../app/useAction';
import { useCurrent, useView } from '../engine/hooks';

const useStyles = makeStyles({
  star: { color: tokens.colorPaletteMarigoldForeground1 },
  /** In a table's first cell, beside the entity's name. */
  inline: { marginInlineEnd: '4px', verticalAlign: 'middle' },
});

/** Whether the signed-in person starred it: undefined until their stars are answered. */
export function useStarred(kind: FavouriteKind, id: Id): boolean | undefined {
  const email = useCurrent().user?.email ?? null;
  const stars = useView({ view: 'favourites', email });
  return stars ? stars[kind].includes(id) : undefined;
}

export interface StarButtonProps {
  kind: FavouriteKind;
  id: Id;
  /** What it stars, in words: "capture CP001", "survey 3F2A9C1D", "media set TS007". */
  name: string;
  inline?: boolean;
}

export function StarButton({ kind, id, name, inline = false }: StarButtonProps) {
  const styles = useStyles();
  const starred = useStarred(kind, id);
  const on = starred === true;
  const toggle = () =>
    void alertIfRefused(runAction({ type: 'setFavourite', kind, id, starred: !on }), on ? 'Remove from my favorites' : 'Add to my favorites');
  // A plain title, not Fluent's tooltip: a table shows 150 stars, and each row mounts and goes with its filter.
  return (
    <ToggleButton
      appearance="transparent"
      size="small"
      className={inline ? styles.inline : undefined}
      icon={on ? <StarFilled className={styles.star} /> : <StarRegular />}
      checked={on}
      aria-label={`Favorite ${name}`}
      title={on ? `Remove ${name} from my favorites` : `Add ${name} to my favorites`}
      disabledFocusable={starred === undefined}
      onClick={toggle}
    />
  );
}
