/**
 * The capture's map area: a schematic, not a map. Each flight plan is a strip of parallel flight
 * lines drawn to their relative length; a line is green once a received survey of the plan has
 * flown it, blue while only planned, and grey dashed when it is not to be captured.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { FlightPlanRow } from '../../../worker/screens';

const STRIP_W = 160;
const GAP = 24;
const H = 180;
const PAD_TOP = 28;
const PAD_BOTTOM = 12;

const COLORS = {
  flown: tokens.colorPaletteGreenForeground1,
  planned: tokens.colorBrandForeground1,
  skipped: tokens.colorNeutralForeground4,
};

const useStyles = makeStyles({
  figure: {
    margin: 0,
    padding: '8px 12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    overflowX: 'auto',
  },
  legend: { display: 'flex', gap: '16px', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  swatch: { display: 'inline-block', width: '18px', height: '3px', marginRight: '6px', verticalAlign: 'middle' },
});

/** `plans`: the capture's plans, each with how many of its lines some received survey has flown. */
export function FlightPlanMap({ plans, cpid }: { plans: readonly FlightPlanRow[]; cpid: string }) {
  const styles = useStyles();
  const longest = Math.max(0.001, ...plans.flatMap((fp) => fp.lines.map((l) => l.length)));
  const width = Math.max(1, plans.length) * (STRIP_W + GAP);
  return (
    <figure className={styles.figure}>
      <svg
        role="img"
        aria-label={`Schematic of the ${plans.length} flight plans of ${cpid}`}
        viewBox={`0 0 ${width} ${H}`}
        width="100%"
        height={H}
        preserveAspectRatio="xMinYMid meet"
        style={{ maxWidth: width }}
      >
        {plans.length === 0 && (
          <text x={8} y={H / 2} fill={tokens.colorNeutralForeground3} fontSize={13}>
            No flight plans
          </text>
        )}
        {plans.map((fp, i) => {
          const x0 = i * (STRIP_W + GAP) + GAP / 2;
          const flown = fp.linesFlown;
          const step = STRIP_W / Math.max(1, fp.lines.length);
          const usable = H - PAD_TOP - PAD_BOTTOM;
          return (
            <g key={fp.flightPlanId}>
              <title>{`${fp.code} ${fp.name}: ${fp.lines.length} lines, ${flown} flown`}</title>
              <rect x={x0 - 4} y={PAD_TOP - 8} width={STRIP_W + 8} height={usable + 16} rx={6} fill={tokens.colorNeutralBackground3} />
              <text x={x0} y={16} fontSize={12} fontWeight={600} fill={tokens.colorNeutralForeground1}>
                {fp.code}
              </text>
              {fp.lines.map((line, j) => {
                const x = x0 + step * (j + 0.5);
                const len = (line.length / longest) * usable;
                const y1 = PAD_TOP + (usable - len) / 2;
                const state = !line.capture ? 'skipped' : line.number <= flown ? 'flown' : 'planned';
                return (
                  <line
                    key={line.number}
                    x1={x}
                    x2={x}
                    y1={y1}
                    y2={y1 + len}
                    stroke={COLORS[state]}
                    strokeWidth={Math.max(1.5, Math.min(4, step / 3))}
                    strokeDasharray={state === 'skipped' ? '4 3' : undefined}
                    strokeLinecap="round"
                  />
                );
              })}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.legend}>
        <span>
          <span className={styles.swatch} style={{ backgroundColor: COLORS.flown }} />
          Flown
        </span>
        <span>
          <span className={styles.swatch} style={{ backgroundColor: COLORS.planned }} />
          Planned
        </span>
        <span>
          <span className={styles.swatch} style={{ backgroundColor: COLORS.skipped }} />
          Not captured
        </span>
      </figcaption>
    </figure>
  );
}
