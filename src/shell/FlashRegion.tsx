/**
 * The stack of flash messages at the top of the content. Two live regions that always exist, so
 * screen readers announce what is added: `status` (polite) for info, success, warning and
 * simulation; `alert` (assertive) for danger (ARCHITECTURE §6).
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useFlashes } from '../app/flash';
import { FlashMessage } from './FlashMessage';
import { HEADER_HEIGHT_PX } from './Header';

const useStyles = makeStyles({
  region: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  // Sticks below the header, so the answer to an action far down a long table is still seen.
  stack: {
    position: 'sticky',
    top: `${HEADER_HEIGHT_PX + 8}px`,
    zIndex: 50,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  filled: { marginBottom: tokens.spacingVerticalM },
});

export function FlashRegion() {
  const s = useStyles();
  const flashes = useFlashes();
  const danger = flashes.filter((f) => f.category === 'danger');
  const others = flashes.filter((f) => f.category !== 'danger');
  return (
    <div className={mergeClasses(s.stack, flashes.length > 0 && s.filled)}>
      <div role="alert" className={s.region}>
        {danger.map((f) => (
          <FlashMessage key={f.key} flash={f} />
        ))}
      </div>
      <div role="status" className={s.region}>
        {others.map((f) => (
          <FlashMessage key={f.key} flash={f} />
        ))}
      </div>
    </div>
  );
}
