/** How team sync stands, in words (the header's badge, Settings → Team sync). */
import type { SyncStatus } from '../../worker/api';

export function syncStateText(status: SyncStatus): string {
  const waiting = status.waiting > 0 ? ` \u00b7 ${status.waiting} waiting` : '';
  switch (status.state) {
    case 'joining':
      return 'Joining\u2026';
    case 'syncing':
      return `Syncing${waiting}`;
    case 'up-to-date':
      return 'Up to date';
    case 'offline':
      return `Offline${waiting}`;
    case 'error':
      return 'Sync error';
    default:
      return 'Off';
  }
}
