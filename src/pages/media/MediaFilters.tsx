/**
 * The media filters of docs/requirements.md#req-screen-media: present, disabled, and marked as not yet implemented (so are
 * user favorites). "Why?" opens the Missing Feature preset.
 */
import { Badge, Button, Dropdown, Field, Input, Option, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { missingFeature } from '../../components/presets';

const STATUSES = ['All', 'Copying', 'Receiving', 'Received', 'Cancelled'];

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: '12px',
    padding: '12px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
  },
  field: { minWidth: '150px' },
  note: { display: 'flex', alignItems: 'center', gap: '8px', marginLeft: 'auto' },
});

export function MediaFilters() {
  const styles = useStyles();
  return (
    <div className={styles.bar} role="group" aria-label="Media filters (not yet implemented)">
      <Field label="Status" className={styles.field}>
        <Dropdown disabled value="All" aria-label="Status filter">
          {STATUSES.map((s) => (
            <Option key={s}>{s}</Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="Season" className={styles.field}>
        <Dropdown disabled placeholder="Any season" aria-label="Season filter">
          <Option>Any season</Option>
        </Dropdown>
      </Field>
      <Field label="Received between" className={styles.field}>
        <Dropdown disabled placeholder="Any date" aria-label="Date range filter">
          <Option>Any date</Option>
        </Dropdown>
      </Field>
      <Field label="Project or CPID" className={styles.field}>
        <Input disabled placeholder="e.g. SAMPLE007" aria-label="Project or CPID filter" />
      </Field>
      <Switch disabled label="My favorites" />
      <div className={styles.note}>
        <Badge appearance="tint" color="warning">
          Not yet implemented
        </Badge>
        <Button size="small" appearance="subtle" onClick={() => void missingFeature('Media filtering and user favorites')}>
          Why?
        </Button>
      </div>
    </div>
  );
}
