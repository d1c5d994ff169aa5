/**
 * The stack of flash messages, drawn over the page in its bottom-right corner (as Fluent's
 * toasts are) so a message never pushes the heading or the buttons under the cursor. Two live
 * regions that always exist, so screen readers announce what is added: `status` (polite) for info,
 * success, warning and simulation; `alert` (assertive) for danger (docs/architecture.md#arch-names).
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useFlashes } from '../app/flash';
import { FlashMessage } from './FlashMessage';

const useStyles = makeStyles({
  // The overlay lets clicks through everywhere but on the messages themselves.
  overlay: {
    position: 'fixed',
    right: tokens.spacingHorizontalL,
    bottom: tokens.spacingVerticalL,
    zIndex: 50,
    width: 'min(440px, calc(100vw - 32px))',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    pointerEvents: 'none',
  },
  region: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    '& > *': { pointerEvents: 'auto' },
  },
});

export function FlashRegion() {
  const s = useStyles();
  const flashes = useFlashes();
  const danger = flashes.filter((f) => f.category === 'danger');
  const others = flashes.filter((f) => f.category !== 'danger');
  return (
    <div className={s.overlay} data-testid="flash-overlay">
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
