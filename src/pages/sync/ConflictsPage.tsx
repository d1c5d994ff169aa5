/**
 * Conflicts (issue 21, docs/sync.md#conflicts): every entity two people changed from one version
 * while apart, each with every version, who made it, on which laptop, when, and the fields that
 * differ. A person keeps one version, or merges them field by field; the others are closed on
 * every laptop. Nothing is settled without a person.
 */
import { useState } from 'react';
import { Button, Card, Spinner, Subtitle1, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { engineClient } from '../../engine/client';
import { useTeamSync } from '../../engine/hooks';
import { showFlash } from '../../app/flash';
import { DateTime } from 'luxon';
import type { ConflictField, ConflictShown, ConflictVersion, TeamSyncAnswer } from '../../../worker/api';
import { MergeFields } from './MergeFields';
import { useTeamSyncRead } from '../../hooks/useTeamSyncRead';

const conflictsIn = (answer: TeamSyncAnswer) => (answer.ok ? (answer.conflicts ?? []) : []);

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1100px' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL },
  versions: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', gap: tokens.spacingHorizontalL },
  version: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  fields: { margin: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}` },
  value: { margin: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
});

const when = (ms: number) => DateTime.fromMillis(ms).toFormat('LLL d, yyyy HH:mm');

/** A field's value as a person reads it: a time as a time. */
const shown = (value: string | number | undefined, field: ConflictField) => (field.time && typeof value === 'number' ? when(value) : value === undefined || value === '' ? '(none)' : String(value));

function Version({ version, fields, onKeep, busy }: { version: ConflictVersion; fields: ConflictField[]; onKeep(): void; busy: boolean }) {
  const s = useStyles();
  return (
    <section className={s.version} aria-label={`Version by ${version.by || 'someone'}`}>
      <Text weight="semibold">{version.removed ? `Removed by ${version.by}` : `Changed by ${version.by}`}</Text>
      <Text className={s.muted}>
        {version.at ? when(version.at) : 'from the sample data'}
        {version.laptop ? ` · laptop ${version.laptop.slice(0, 8)}` : ''}
      </Text>
      {!version.removed && (
        <dl className={s.fields}>
          {fields.map((f) => {
            const value = version.values[f.path];
            return (
              <div key={f.path} style={{ display: 'contents' }}>
                <dt>{f.label}</dt>
                <dd className={s.value}>{shown(value, f)}</dd>
              </div>
            );
          })}
        </dl>
      )}
      <Button disabled={busy} onClick={onKeep}>
        Keep this version
      </Button>
    </section>
  );
}

export default function ConflictsPage() {
  const s = useStyles();
  const status = useTeamSync();
  const [busy, setBusy] = useState(false);
  // Read again whenever the count changes (another laptop's change, a resolution) or one is kept here.
  const [kept, setKept] = useState(0);
  const conflicts = useTeamSyncRead('conflicts', conflictsIn, true, `${status?.conflicts} ${kept}`);

  const keep = async (conflict: ConflictShown, version: ConflictVersion, fields?: Record<string, string>) => {
    setBusy(true);
    try {
      const answer = await engineClient().teamSync({ op: 'resolve', id: conflict.id, rev: version.rev, ...(fields ? { fields } : {}) });
      const kept = fields ? 'the values chosen are kept' : `the version by ${version.by} is kept`;
      if (answer.ok) showFlash({ category: 'success', text: `${conflict.what}: ${kept}` });
      else showFlash({ category: 'danger', text: answer.error });
    } finally {
      setKept((n) => n + 1);
      setBusy(false);
    }
  };

  return (
    <div className={s.root}>
      <Title2 as="h1">Conflicts</Title2>
      {status?.state === 'off' && <Text>Team sync is off: there are no conflicts. Join a team world in Settings → Team sync.</Text>}
      {conflicts === null && status?.state !== 'off' && <Spinner size="small" label="Reading the conflicts…" />}
      {conflicts?.length === 0 && status?.state !== 'off' && <Text>No conflicts: every change made on the laptops of your team agrees.</Text>}
      {conflicts?.map((conflict) => (
        <Card key={conflict.id} className={s.card} role="region" aria-label={conflict.what}>
          <Subtitle1 as="h2">{conflict.what}</Subtitle1>
          <Text className={s.muted}>
            {conflict.versions.some((v) => v.removed)
              ? 'Removed on one laptop and changed on another, from the same version.'
              : `Changed on two laptops from the same version. Differs in: ${conflict.fields.map((f) => f.label.toLowerCase()).join(', ')}.`}
          </Text>
          <div className={s.versions}>
            {conflict.versions.map((v) => (
              <Version key={v.rev} version={v} fields={conflict.fields} busy={busy} onKeep={() => void keep(conflict, v)} />
            ))}
          </div>
          {/* With one field apart, keeping a version is the merge; a removal has no fields to merge. */}
          {conflict.fields.length > 1 && conflict.versions.filter((v) => !v.removed).length > 1 && (
            <MergeFields
              title={conflict.what}
              fields={conflict.fields}
              versions={conflict.versions.filter((v) => !v.removed)}
              busy={busy}
              show={shown}
              onMerge={(base, fields) => void keep(conflict, base, fields)}
            />
          )}
        </Card>
      ))}
    </div>
  );
}
