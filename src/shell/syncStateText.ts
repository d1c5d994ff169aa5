/**
 * How team sync stands, in words (the header's badge, Settings → Team sync). One word for each
 * thing: "not sent", this laptop's changes the team server does not have yet; "not taken", the
 * team's changes this laptop did not take into its world; "refused", this laptop's changes the
 * team server would not take.
 */
import type { SyncStatus } from '../../worker/api';

const count = (n: number) => n.toLocaleString('en');

export function syncStateText(status: SyncStatus): string {
  const unsent = status.unsent > 0 ? ` \u00b7 ${count(status.unsent)} not sent` : '';
  switch (status.state) {
    case 'joining':
      return status.receiving ? `Joining \u00b7 receiving ${count(status.receiving.arrived)} of ${count(status.receiving.of)}` : 'Joining\u2026';
    case 'syncing':
      // Another laptop's large action still arriving is said as such: never "Up to date" before it is here whole.
      return status.receiving ? `Receiving ${count(status.receiving.arrived)} of ${count(status.receiving.of)}${unsent}` : `Syncing${unsent}`;
    case 'up-to-date':
      return 'Up to date';
    case 'offline':
      return `Offline${unsent}`;
    case 'signed-out':
      // The server ended this laptop's session or refused its account: work goes on, and waits for a sign-in.
      return `Sign in to sync${unsent}`;
    case 'error':
      return 'Sync error';
    default:
      return 'Off';
  }
}

/** The team's changes this laptop has not taken, in words, or null when there are none. */
export function notTakenText(status: SyncStatus): string | null {
  if (!status.notTaken) return null;
  return status.notTaken === 1 ? '1 change not taken' : `${count(status.notTaken)} changes not taken`;
}

/** This laptop's changes the team server refused, in words, or null when there are none. */
export function refusedText(status: SyncStatus): string | null {
  if (!status.refused) return null;
  return status.refused === 1 ? '1 change refused' : `${count(status.refused)} changes refused`;
}
