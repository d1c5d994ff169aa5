/**
 * Merging a conflict field by field (issue 21, docs/sync.md#conflicts): for each field in which the
 * versions differ, a person picks the version whose value to keep, then keeps them together. The
 * worker checks the merged version as the world would before anything is written; a refusal says
 * why and changes nothing.
 */
import { useState } from 'react';
import { Button, Radio, RadioGroup, Field, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ConflictField, ConflictVersion } from '../../../worker/api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, paddingTop: tokens.spacingVerticalS, borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  fields: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

interface Props {
  title: string;
  fields: ConflictField[];
  /** the versions still live (a removal has no fields to merge) */
  versions: ConflictVersion[];
  busy: boolean;
  show(value: string | number | undefined, field: ConflictField): string;
  /** keeps `base` with each field (a path) taken from the version (a revision) chosen for it */
  onMerge(base: ConflictVersion, fields: Record<string, string>): void;
}

export function MergeFields({ title, fields, versions, busy, show, onMerge }: Props) {
  const s = useStyles();
  const [base] = versions;
  const [chosen, setChosen] = useState<Record<string, string>>({});
  if (!base) return null;
  const pick = (path: string) => chosen[path] ?? base.rev;
  const changed = Object.fromEntries(fields.map((f) => [f.path, pick(f.path)]).filter(([, rev]) => rev !== base.rev));
  return (
    <section className={s.root} aria-label={`Merge ${title} field by field`}>
      <Text weight="semibold">Or keep some fields of each version</Text>
      <div className={s.fields}>
        {fields.map((f) => (
          <Field key={f.path} label={f.label}>
            <RadioGroup value={pick(f.path)} onChange={(_, data) => setChosen((c) => ({ ...c, [f.path]: data.value }))}>
              {versions.map((v) => (
                <Radio key={v.rev} value={v.rev} label={`${show(v.values[f.path], f)} (by ${v.by || 'someone'})`} />
              ))}
            </RadioGroup>
          </Field>
        ))}
      </div>
      <div className={s.actions}>
        <Button appearance="primary" disabled={busy || !Object.keys(changed).length} onClick={() => onMerge(base, changed)}>
          Keep the values chosen
        </Button>
        {!Object.keys(changed).length && <Text size={200}>Choose another version&rsquo;s value for a field to merge.</Text>}
      </div>
    </section>
  );
}
