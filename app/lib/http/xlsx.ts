/**
 * XLSX written as a stream and read back (decision 0023): one worksheet of text and number cells.
 * The writer puts SpreadsheetML rows into fflate's streaming zip as they come, so a large sheet
 * is never whole in memory (write-excel-file takes the whole sheet as one array); reading is
 * read-excel-file's, with every cell given back as the text it holds.
 */
import { Zip, ZipDeflate } from 'fflate';
import { readSheet, type SheetData } from 'read-excel-file/node';

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelNs = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts besides the sheet: content types, the package's and the workbook's relations. */
const fixedParts = (sheetName: string): [string, string][] => [
  [
    '[Content_Types].xml',
    `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${xmlHead}<Relationships xmlns="${packageRelNs}"><Relationship Id="rId1" Type="${relNs}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${xmlHead}<workbook xmlns="${mainNs}" xmlns:r="${relNs}"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${xmlHead}<Relationships xmlns="${packageRelNs}"><Relationship Id="rId1" Type="${relNs}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  ],
];

/** Text for XML: the five special characters escaped, characters XML cannot hold dropped. */
const xmlText = (text: string) =>
  text
    // oxlint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** A cell: numbers as numbers, everything else as inline text (never a formula). */
export type SheetCell = string | number;

const rowXml = (line: number, cells: SheetCell[]) =>
  `<row r="${line}">${cells
    .map((cell, index) => {
      const ref = `${columnLetter(index)}${line}`;
      if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
      return cell === '' ? '' : `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(cell)}</t></is></c>`;
    })
    .join('')}</row>`;

/**
 * A workbook of one sheet as a byte stream: the header row first, then each batch `nextRows`
 * gives when the reader asks for more, until it gives null.
 */
export function xlsxStream(sheetName: string, header: string[], nextRows: () => Promise<SheetCell[][] | null>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let line = 1;
  let sheet: ZipDeflate;
  let zip: Zip;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // fflate's zip calls back synchronously as it is fed, so each pull enqueues what it made.
        zip = new Zip((error, chunk, final) => {
          if (error) return controller.error(error);
          controller.enqueue(chunk);
          if (final) controller.close();
        });
        for (const [name, text] of fixedParts(sheetName)) {
          const part = new ZipDeflate(name);
          zip.add(part);
          part.push(encoder.encode(text), true);
        }
        sheet = new ZipDeflate('xl/worksheets/sheet1.xml');
        zip.add(sheet);
        sheet.push(encoder.encode(`${xmlHead}<worksheet xmlns="${mainNs}"><sheetData>${rowXml(line, header)}`));
      },
      async pull() {
        const rows = await nextRows();
        if (rows === null) {
          sheet.push(encoder.encode('</sheetData></worksheet>'), true);
          return zip.end();
        }
        sheet.push(encoder.encode(rows.map((cells) => rowXml(++line, cells)).join('')));
      },
    },
    { highWaterMark: 1 },
  );
}

export interface SheetRecord {
  /** The sheet's row number (1 is the header). */
  line: number;
  cells: string[];
}

export type XlsxRead = { ok: true; header: string[]; records: SheetRecord[] } | { ok: false; reason: 'not-xlsx' | 'empty' };

/** A file's bytes start like a zip archive (what an .xlsx is). */
export const looksLikeZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * The first sheet of a workbook as text cells: numbers as written in the file (no float
 * rounding), true/false, dates as YYYY-MM-DD; empty cells ''. Empty rows are skipped, the row
 * numbers of the others kept; a row's missing cells are empty, those right of the header's last column dropped when empty.
 */
export async function readXlsx(bytes: Uint8Array): Promise<XlsxRead> {
  let rows: SheetData<string>;
  try {
    rows = await readSheet<string>(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { trim: false, parseNumber: (text) => text });
  } catch {
    return { ok: false, reason: 'not-xlsx' };
  }
  const text = (value: unknown) => (value === null || value === undefined ? '' : value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
  const lines = rows.map((row, index) => ({ line: index + 1, cells: row.map(text) }));
  const [first, ...rest] = lines;
  if (!first || first.cells.every((cell) => cell === '')) return { ok: false, reason: 'empty' };
  const header = first.cells.slice(0, first.cells.findLastIndex((cell) => cell !== '') + 1);
  const records = rest
    .filter((record) => record.cells.some((cell) => cell !== ''))
    .map((record) => {
      // A row's missing cells are empty ones; cells beyond the header only count when filled.
      const cells = [...record.cells, ...Array<string>(Math.max(0, header.length - record.cells.length)).fill('')];
      return { line: record.line, cells: cells.slice(header.length).every((cell) => cell === '') ? cells.slice(0, header.length) : cells };
    });
  return { ok: true, header, records };
}
