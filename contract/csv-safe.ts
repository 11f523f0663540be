/**
 * One CSV cell as a spreadsheet may safely open it (OWASP CSV injection): a cell that starts, even
 * after leading spaces, with a character a spreadsheet reads as a formula (= + - @, tab, CR, and
 * their full-width forms ＝ ＋ － ＠, which some spreadsheets fold to ASCII) gets a leading quote;
 * then it is quoted when it holds the delimiter, a quote or a line break. Every CSV the console
 * writes (calls export, rejected rows) and the BFF's review export go through here.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvSafeCell(value: unknown, delimiter = ','): string {
  let text = value === null || value === undefined ? '' : Array.isArray(value) ? value.join('; ') : String(value);
  if (FORMULA_START.test(text) || FORMULA_START.test(text.trimStart())) text = `'${text}`;
  return /["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replace(/"/g, '""')}"` : text;
}
