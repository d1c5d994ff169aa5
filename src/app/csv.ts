/**
 * CSV as spreadsheets and auditors read it (RFC 4180): a cell is quoted when it holds a comma, a
 * quote or a line break, and a cell that starts with = + - or @ is prefixed with a quote, so a
 * spreadsheet shows it as text rather than running it as a formula (CSV formula injection).
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as one CSV text, each line ended by CRLF. */
export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
