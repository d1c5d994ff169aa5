/**
 * Picks one of the users (docs/requirements.md#req-validation-assign: the assign list holds all users, the current user included).
 * A plain dropdown: the team is small, so every name fits the list.
 */
import { Dropdown, Option } from '@fluentui/react-components';
import type { UserRow } from '../../worker/screens';
import { TruncatedText } from '../components/TruncatedText';

export interface UserPickerProps {
  users: readonly UserRow[];
  value: string;
  onChange: (email: string) => void;
  label: string;
}

export function UserPicker({ users, value, onChange, label }: UserPickerProps) {
  const selected = users.find((u) => u.email === value);
  return (
    <Dropdown
      aria-label={label}
      value={selected?.name ?? value}
      selectedOptions={[value]}
      onOptionSelect={(_, d) => d.optionValue && onChange(d.optionValue)}
    >
      {users.map((u) => (
        <Option key={u.email} value={u.email} text={u.name}>
          <TruncatedText text={`${u.name} (${u.email})`} maxWidth="40ch" focusable={false} />
        </Option>
      ))}
    </Dropdown>
  );
}
