import { describe, expect, it } from 'vitest';
import { initialsOf, nameFromEmail, userFromEmail } from '../../worker/domain/users';
import { shortId } from '../../worker/domain/shortId';
import { receiveIdOf } from '../../worker/domain/dates';
import { compareCaptures } from '../../worker/domain/sort';

describe('users (docs/requirements.md#req-entity-user)', () => {
  it('derives "First Last" and initials from first.last@', () => {
    expect(userFromEmail('ann.lee@example.com')).toEqual({ email: 'ann.lee@example.com', name: 'Ann Lee', initials: 'AL' });
    expect(userFromEmail('MARY.JANE.WATSON@x.org')).toMatchObject({ name: 'Mary Jane Watson', initials: 'MW' });
  });
  it('handles other shapes sensibly', () => {
    expect(nameFromEmail('ann@example.com')).toBe('Ann');
    expect(nameFromEmail('ann_lee@example.com')).toBe('Ann Lee');
    expect(nameFromEmail('jo.smith2@example.com')).toBe('Jo Smith');
    expect(nameFromEmail('123@example.com')).toBe('123@example.com');
    expect(initialsOf('Ann')).toBe('A');
    expect(userFromEmail('x@y.z', 'Given Name')).toMatchObject({ name: 'Given Name', initials: 'GN' });
  });
});

describe('short ids and receive ids (docs/requirements.md#req-receive-id, #req-short-id)', () => {
  it('short id: first 8 characters uppercased', () => {
    expect(shortId('3f9a1c2e-77aa-4bbb-8ccc-123456789abc')).toBe('3F9A1C2E');
    expect(shortId('ab')).toBe('AB');
  });
  it('receive id: YYMMDD, then the item ids joined with _', () => {
    expect(receiveIdOf('2026-06-15', ['A1', 'B2'])).toBe('260615_A1_B2');
    expect(receiveIdOf('2026-01-05', ['X'])).toBe('260105_X');
    expect(receiveIdOf('2026-01-05', [' HD9001 ', 'B2'])).toBe('260105_HD9001_B2');
  });
});

describe('capture sort (docs/requirements.md#req-screen-captures)', () => {
  const caps = [
    { captureId: 'c', cpid: 'CP003', lastReceivedOn: '2026-01-03' },
    { captureId: 'n', cpid: 'CP009', lastReceivedOn: null },
    { captureId: 'a', cpid: 'CP001', lastReceivedOn: '2026-01-01' },
    { captureId: 'm', cpid: 'CP002', lastReceivedOn: null },
    { captureId: 'b', cpid: 'CP005', lastReceivedOn: '2026-01-02' },
  ];
  const order = (by: 'captureId' | 'lastReceivedOn', dir: 'asc' | 'desc') => [...caps].sort(compareCaptures(by, dir)).map((c) => c.cpid);
  it('sorts by capture id (cpid) both ways', () => {
    expect(order('captureId', 'asc')).toEqual(['CP001', 'CP002', 'CP003', 'CP005', 'CP009']);
    expect(order('captureId', 'desc')).toEqual(['CP009', 'CP005', 'CP003', 'CP002', 'CP001']);
  });
  it('a capture with no last received date sorts last in both directions', () => {
    expect(order('lastReceivedOn', 'asc')).toEqual(['CP001', 'CP005', 'CP003', 'CP002', 'CP009']);
    expect(order('lastReceivedOn', 'desc')).toEqual(['CP003', 'CP005', 'CP001', 'CP002', 'CP009']);
  });
});
