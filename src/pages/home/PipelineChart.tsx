/**
 * The pipeline overview: how many surveys and captures are in each displayed stage (docs/requirements.md#req-displayed-stages), as
 * horizontal bars read at a glance. Plain HTML and SVG rather than a chart library: each bar is a
 * link (its text says the stage and the count) to the list filtered to that stage.
 */
import { Card, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'wouter';
import { useFlags } from '../../engine/hooks';
import { paths } from '../../app/paths';
import { STAGE_COUNTS } from '../../components/SurveyBreakdown';
import { CAPTURE_STAGE_LABELS } from './pipelineStages';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', gap: tokens.spacingHorizontalL },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  bar: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, 11em) minmax(0, 1fr) 3em',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: '2px 4px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  label: { fontSize: tokens.fontSizeBase200 },
  count: { textAlign: 'end', fontWeight: tokens.fontWeightSemibold },
  svg: { width: '100%', height: '12px', display: 'block' },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

interface Bar {
  label: string;
  count: number;
  href: string | null;
}

function Bars({ title, unit, bars, hint }: { title: string; unit: [string, string]; bars: Bar[]; hint?: string }) {
  const s = useStyles();
  const max = Math.max(1, ...bars.map((b) => b.count));
  const id = `pipeline-${unit[1]}`;
  return (
    <Card className={s.card} role="region" aria-labelledby={id}>
      <Subtitle2 as="h2" id={id}>
        {title}
      </Subtitle2>
      <ul className={s.list}>
        {bars.map((b) => {
          const name = `${b.label}: ${b.count} ${b.count === 1 ? unit[0] : unit[1]}`;
          const body = (
            <>
              <span className={s.label}>{b.label}</span>
              <svg className={s.svg} viewBox="0 0 100 12" preserveAspectRatio="none" aria-hidden>
                <rect x="0" y="0" width="100" height="12" rx="2" fill={tokens.colorNeutralBackground3} />
                {b.count > 0 && <rect x="0" y="0" width={(b.count / max) * 100} height="12" rx="2" fill={tokens.colorBrandBackground} />}
              </svg>
              <span className={s.count}>{b.count}</span>
            </>
          );
          return (
            <li key={b.label}>
              {b.href ? (
                <Link href={b.href} className={s.bar} aria-label={name}>
                  {body}
                </Link>
              ) : (
                <div className={s.bar} aria-label={name} role="img">
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {hint && <Text className={s.hint}>{hint}</Text>}
    </Card>
  );
}

export function PipelineChart({ surveysByStage, capturesByStage }: { surveysByStage: Record<string, number>; capturesByStage: Record<string, number> }) {
  const s = useStyles();
  const flags = useFlags();

  const surveyBars: Bar[] = STAGE_COUNTS.filter(([key]) => key !== 'notReceived').map(([, label]) => ({
    label,
    count: surveysByStage[label] ?? 0,
    href: flags.surveys ? `${paths.surveys()}?stage=${encodeURIComponent(label)}` : null,
  }));
  const captureBars: Bar[] = CAPTURE_STAGE_LABELS.map((label) => ({
    label,
    count: capturesByStage[label] ?? 0,
    href: `${paths.captures()}?stage=${encodeURIComponent(label)}`,
  }));
  return (
    <div className={s.grid}>
      <Bars
        title="Surveys by stage"
        unit={['survey', 'surveys']}
        bars={surveyBars}
        hint={flags.surveys ? undefined : 'Switch on Include (All) Surveys Page in Settings to open each stage as a list.'}
      />
      <Bars title="Captures by stage" unit={['capture', 'captures']} bars={captureBars} />
    </div>
  );
}
