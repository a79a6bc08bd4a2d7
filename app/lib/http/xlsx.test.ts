import { describe, expect, it } from 'vitest';
import { columnLetter, looksLikeZip, readXlsx, xlsxStream } from './xlsx.ts';

const workbookOf = async (header: string[], rows: (string | number)[][]) => {
  let given = false;
  return new Uint8Array(await new Response(xlsxStream('sheet & "co"', header, async () => (given ? null : ((given = true), rows)))).arrayBuffer());
};

describe('xlsx', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 25, 26, 27, 40, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'AO', 'ZZ', 'AAA']);
  });

  it('reads back what it wrote: markup, quotes, spaces and line breaks kept, characters XML cannot hold dropped, numbers as written', async () => {
    const workbook = await workbookOf(
      ['a', 'b', 'c'],
      [
        ['<b>Rope & "knots"</b>', '  two\nlines ', 12.5],
        ['=SUM(A1)', 'bell\u0007', 0],
      ],
    );
    expect(looksLikeZip(workbook)).toBe(true);
    expect(await readXlsx(workbook)).toEqual({
      ok: true,
      header: ['a', 'b', 'c'],
      records: [
        { line: 2, cells: ['<b>Rope & "knots"</b>', '  two\nlines ', '12.5'] },
        { line: 3, cells: ['=SUM(A1)', 'bell', '0'] },
      ],
    });
  });
});
