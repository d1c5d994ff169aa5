/**
 * Who a survey is assigned to: initials, with the name and email on hover (docs/requirements.md#req-survey-table).
 */
import { Avatar, Tooltip } from '@fluentui/react-components';
import type { UserRow } from '../../worker/screens';

export function UserInitials({ user }: { user: UserRow | null }) {
  if (!user) return <span aria-label="Unassigned">—</span>;
  return (
    <Tooltip content={`${user.name} (${user.email})`} relationship="description" withArrow>
      <Avatar size={24} name={user.name} initials={user.initials} color="colorful" tabIndex={0} aria-label={`${user.initials} (${user.name})`} />
    </Tooltip>
  );
}
