/**
 * The Media page's filter in its URL (issue 36): one filter is one query, written in one order;
 * a link's parameters that are not sound are read as not set; My favorites asks for the signed-in
 * person's stars.
 */
import { describe, expect, it } from 'vitest';
import { isPageFiltered, NO_PAGE_FILTER, pageFilterOf, queryOf, viewFilterOf } from '../../src/pages/media/mediaQuery';

describe('the media filter in the URL', () => {
  it('goes to the query and back, in one order', () => {
    const filter = { status: 'received', season: '2026 Fall', receivedFrom: '2026-01-01', receivedTo: '2026-03-31', projectId: 'DRAPP', cpid: 'NC26', favorites: true } as const;
    const query = queryOf(filter).toString();
    expect(query).toBe('status=received&season=2026+Fall&from=2026-01-01&to=2026-03-31&project=DRAPP&cpid=NC26&favorites=1');
    expect(pageFilterOf(new URLSearchParams(query))).toEqual(filter);
    expect(queryOf(NO_PAGE_FILTER).toString()).toBe('');
    expect(isPageFiltered(NO_PAGE_FILTER)).toBe(false);
    expect(isPageFiltered({ ...NO_PAGE_FILTER, favorites: true })).toBe(true);
  });

  it('reads what a link names soundly, and no more', () => {
    const read = pageFilterOf(new URLSearchParams('status=lost&from=2026-02-30&to=2026-03-01&project=__proto__&cpid=%20%20&favorites=yes&utm=x'));
    expect(read).toEqual({ ...NO_PAGE_FILTER, receivedTo: '2026-03-01' });
    expect(queryOf(read).toString()).toBe('to=2026-03-01');
  });

  it("asks the view for the signed-in person's stars when My favorites is on", () => {
    expect(viewFilterOf({ ...NO_PAGE_FILTER, favorites: true }, 'ann.lee@example.com').starredBy).toBe('ann.lee@example.com');
    expect(viewFilterOf({ ...NO_PAGE_FILTER, favorites: false }, 'ann.lee@example.com').starredBy).toBeNull();
  });
});
