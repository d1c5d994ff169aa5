import { describe, expect, it } from 'vitest';
import { historyCsv, historyCsvName } from '../../src/pages/history/historyCsv';
import type { HistoryRow } from '../../worker/screens';

const jane = { key: 'jane.doe@aerial.example', email: 'jane.doe@aerial.example', name: 'Jane Doe', initials: 'JD' };
const row = (over: Partial<HistoryRow>): HistoryRow => ({ key: 'k', at: Date.UTC(2026, 10, 26, 15, 14, 5), what: 'QC approved', group: 'survey-qc', by: jane, automatic: false, laptop: 'This laptop', surveys: '', role: '', ...over });

describe('a history as CSV', () => {
  it('one row per entry, the same fields, instants in UTC', () => {
    expect(historyCsv([row({}), row({ what: 'Published', by: null, automatic: true, laptop: '', arrivedAt: Date.UTC(2026, 10, 26, 16, 0, 0) })])).toBe(
      'when,what,surveys,who,email,laptop,arrived,conflict,role\r\n' +
        '2026-11-26T15:14:05.000Z,QC approved,,Jane Doe,jane.doe@aerial.example,This laptop,,,\r\n' +
        '2026-11-26T15:14:05.000Z,Published,,Automatic,,,2026-11-26T16:00:00.000Z,,\r\n',
    );
  });

  it('says the role someone acted in, in the last column, where the entry says one (issue 52)', () => {
    const [header, coordinator, unknown] = historyCsv([row({ what: 'Assigned to Ben Ray', role: 'data coordinator' }), row({})]).split('\r\n');
    expect(header).toBe('when,what,surveys,who,email,laptop,arrived,conflict,role');
    expect(coordinator).toBe('2026-11-26T15:14:05.000Z,Assigned to Ben Ray,,Jane Doe,jane.doe@aerial.example,This laptop,,,data coordinator');
    expect(unknown!.endsWith(',This laptop,,,')).toBe(true);
  });

  it('quotes commas, quotes and line breaks, and defuses a cell a spreadsheet would run', () => {
    const text = historyCsv([row({ what: 'QC rejected: =HYPERLINK("x"), "smoke"\nline 2' }), row({ what: '@SUM(A1)' }), row({ what: '+1' }), row({ what: '-1' })]);
    const lines = text.split('\r\n');
    expect(lines[1]).toContain(`"QC rejected: =HYPERLINK(""x""), ""smoke""\nline 2"`);
    expect(lines.slice(2, 5).map((l) => l.split(',')[1])).toEqual(["'@SUM(A1)", "'+1", "'-1"]);
  });

  it('names the file after what the history is of', () => {
    expect(historyCsvName('captures', 'c-1', 'Capture SAMPLE007')).toBe('history-capture-SAMPLE007.csv');
    expect(historyCsvName('surveys', '42b02095-aaaa', 'Survey 42B02095')).toBe('history-survey-42B02095.csv');
    expect(historyCsvName('drives', 'ingest-01', 'Drive ingest-01')).toBe('history-drive-ingest-01.csv');
  });
});
