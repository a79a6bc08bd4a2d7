import { inflateSync } from 'node:zlib';

/**
 * A minimal reader for the PDFs pdfkit writes (xref table, Flate streams, Identity-H fonts with a
 * ToUnicode array), enough to get the visible text back and check what a reader would see.
 */
interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
  const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n /gm)].map((match) => Number(match[1]));
  const objects = new Map<number, PdfObject>();
  offsets.forEach((offset, index) => {
    const source = text.slice(offset);
    const streamAt = source.indexOf('\nstream\n');
    const endAt = source.indexOf('\nendobj');
    if (streamAt === -1 || streamAt > endAt) {
      objects.set(index + 1, { dict: source.slice(0, endAt) });
      return;
    }
    const dict = source.slice(0, streamAt);
    const start = offset + streamAt + '\nstream\n'.length;
    const raw = pdf.subarray(start, start + Number(/\/Length (\d+)/.exec(dict)?.[1]));
    objects.set(index + 1, { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  });
  return objects;
}

const referenced = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);

/** Glyph id → text, from a ToUnicode CMap as pdfkit writes it: `<first> <last> [<utf16> …]` ranges. */
function glyphTexts(cmap: string): string[] {
  const texts: string[] = [];
  for (const [, first, entries] of cmap.matchAll(/<(\w+)> <\w+> \[([^\]]*)\]/g)) {
    (entries!.match(/<[^>]*>/g) ?? []).forEach((entry, offset) => {
      const units = entry
        .slice(1, -1)
        .split(' ')
        .map((hex) => parseInt(hex, 16));
      texts[parseInt(first!, 16) + offset] = String.fromCharCode(...units);
    });
  }
  return texts;
}

/** The text of every page, one line per shown string (TJ operator). */
export function pageTexts(pdf: Buffer): string[] {
  const objects = readObjects(pdf);
  const object = (id: number) => objects.get(id) ?? { dict: '' };
  const pages = [...objects.values()].filter(({ dict }) => /\/Type \/Page\b/.test(dict));
  return pages.map(({ dict }) => {
    const resources = object(referenced(dict, 'Resources')).dict;
    const fonts = new Map(
      [...resources.matchAll(/\/(F\d+) (\d+) 0 R/g)].map(([, name, id]) => {
        const cmap = object(referenced(object(Number(id)).dict, 'ToUnicode')).stream?.toString('latin1') ?? '';
        return [name!, glyphTexts(cmap)];
      }),
    );
    const content = object(referenced(dict, 'Contents')).stream?.toString('latin1') ?? '';
    let glyphs: string[] = [];
    const shown: string[] = [];
    // Identity-H strings are 4 hex digits per glyph id; numbers between them are kerning.
    for (const [, font, array] of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (font) glyphs = fonts.get(font) ?? [];
      else {
        const ids = [...array!.matchAll(/<([0-9a-f]*)>/g)].flatMap(([, hex]) => hex!.match(/.{4}/g) ?? []);
        shown.push(ids.map((id) => glyphs[parseInt(id, 16)]).join(''));
      }
    }
    return shown.join('\n');
  });
}

/** A string entry of the document information dictionary (pdfkit writes UTF-16BE when not ASCII). */
export function infoEntry(pdf: Buffer, key: string): string {
  const objects = readObjects(pdf);
  const trailer = pdf.toString('latin1').slice(pdf.lastIndexOf('trailer'));
  const entry = objects.get(referenced(objects.get(referenced(trailer, 'Info'))?.dict ?? '', key))?.dict ?? '';
  const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  const literal = (/\(((?:\\.|[^\\)])*)\)/s.exec(entry)?.[1] ?? '').replace(/\\(.)/gs, (_, char: string) => escapes[char] ?? char);
  return literal.startsWith('\xfe\xff') ? Buffer.from(literal.slice(2), 'latin1').swap16().toString('utf16le') : literal;
}

export const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
