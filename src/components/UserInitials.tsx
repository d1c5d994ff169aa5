/**
 * Who a survey is assigned to: initials, with the name and email on hover (docs/requirements.md#req-survey-table).
 */
import { Avatar, Tooltip } from '@fluentui/react-components';
import { useEntity } from '../engine/hooks';

export function UserInitials({ email }: { email: string | null }) {
  const user = useEntity('users', email);
  if (!email) return <span aria-label="Unassigned">—</span>;
  const name = user?.name ?? email;
  return (
    <Tooltip content={`${name} (${email})`} relationship="description" withArrow>
      <Avatar
        size={24}
        name={name}
        initials={user?.initials}
        color="colorful"
        tabIndex={0}
        aria-label={`${user?.initials ?? email} (${name})`}
      />
    </Tooltip>
  );
}
