/**
 * Settings (docs/requirements.md#req-screen-settings): pages and display, simulation, and the demo data.
 */
import { useEffect, type ReactNode } from 'react';
import { Card, Subtitle1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { DisplaySettings } from './DisplaySettings';
import { SimulationSettings } from './SimulationSettings';
import { DemoDataActions } from './DemoDataActions';
import { BackupActions } from './BackupActions';
import { TeamSyncSettings } from './TeamSyncSettings';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '900px' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL },
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  const s = useStyles();
  const anchor = title.replace(/\W+/g, '-').toLowerCase();
  const id = `settings-${anchor}`;
  // A link to /settings#team-sync (the header's "changes not taken") lands on its section.
  useEffect(() => {
    if (window.location.hash === `#${anchor}`) document.getElementById(anchor)?.scrollIntoView();
  }, [anchor]);
  return (
    <Card className={s.card} role="region" aria-labelledby={id} id={anchor}>
      <Subtitle1 as="h2" id={id}>
        {title}
      </Subtitle1>
      {children}
    </Card>
  );
}

export default function SettingsPage() {
  const s = useStyles();
  return (
    <div className={s.root}>
      <Title2 as="h1">Settings</Title2>
      <Section title="Pages and display">
        <DisplaySettings />
      </Section>
      <Section title="Simulation">
        <SimulationSettings />
      </Section>
      <Section title="Team sync">
        <TeamSyncSettings />
      </Section>
      <Section title="Demo data">
        <DemoDataActions />
        <BackupActions />
      </Section>
    </div>
  );
}
