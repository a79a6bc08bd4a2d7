/**
 * CSV written for spreadsheets and read back from them (RFC 4180, with what spreadsheet programs
 * add: a byte order mark, semicolons as separators in some languages, formula guards).
 */

const formulaStart = /^[=+\-@\t\r]/;

/**
 * One CSV cell: quoted when it holds a separator, quote or line break; a text starting with
 * = + - @ or a tab/return is prefixed with ' so a spreadsheet never runs it as a formula.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, ended with CRLF as RFC 4180 says. */
export const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The formula guard taken off again when a file this shop wrote comes back. */
const unguarded = (cell: string) => (cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell);

export interface CsvRecord {
  /** The file's line where the record starts (1 is the header). */
  line: number;
  cells: string[];
}

export type CsvParse = { ok: true; header: string[]; records: CsvRecord[] } | { ok: false; line: number; reason: 'empty' | 'unclosed-quote' | 'stray-quote' };

/**
 * Reads a whole CSV text. The separator is the header's: a comma, or a semicolon when the header
 * has semicolons and no comma (what spreadsheets write in German, Dutch, Polish…). A byte order
 * mark is dropped; blank lines are skipped.
 */
export function parseCsv(input: string): CsvParse {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const firstLineEnd = text.search(/\r?\n|$/);
  const firstLine = text.slice(0, firstLineEnd);
  const separator = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const records: CsvRecord[] = [];
  let line = 1;
  let index = 0;
  while (index < text.length) {
    const start = line;
    const cells: string[] = [];
    let ended = false;
    while (!ended) {
      let cell = '';
      if (text[index] === '"') {
        index += 1;
        for (;;) {
          if (index >= text.length) return { ok: false, line: start, reason: 'unclosed-quote' };
          const char = text[index];
          if (char === '"') {
            if (text[index + 1] === '"') {
              cell += '"';
              index += 2;
              continue;
            }
            index += 1;
            break;
          }
          if (char === '\n') line += 1;
          cell += char;
          index += 1;
        }
        const next = text[index];
        if (next !== undefined && next !== separator && next !== '\n' && next !== '\r') return { ok: false, line, reason: 'stray-quote' };
        cells.push(unguarded(cell));
      } else {
        while (index < text.length && text[index] !== separator && text[index] !== '\n' && text[index] !== '\r') {
          if (text[index] === '"') return { ok: false, line, reason: 'stray-quote' };
          cell += text[index];
          index += 1;
        }
        cells.push(unguarded(cell));
      }
      if (text[index] === separator) {
        index += 1;
        continue;
      }
      if (text[index] === '\r') index += 1;
      if (text[index] === '\n') index += 1;
      line += 1;
      ended = true;
    }
    if (cells.length > 1 || cells[0] !== '') records.push({ line: start, cells });
  }
  const [header, ...rest] = records;
  if (!header) return { ok: false, line: 1, reason: 'empty' };
  return { ok: true, header: header.cells.map((cell) => cell.trim()), records: rest };
}
