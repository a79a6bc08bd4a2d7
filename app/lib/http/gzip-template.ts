/**
 * A gzip body for a template whose fixed parts are compressed once and whose slots (a nonce, a
 * token) change per answer (issue 14): compressing a cached page on every hit was a quarter of
 * what a hit cost. Each fixed part is its own run of deflate blocks that ends on a byte boundary
 * (a sync flush), so parts and slots (as stored blocks) follow one another in one valid deflate
 * stream; the gzip trailer's CRC-32 and length are computed per answer.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** The fixed parts, each compressed on its own; only the last one ends the stream. */
export function deflateParts(parts: Buffer[], level: number): Buffer[] {
  return parts.map((part, index) => deflateRawSync(part, { level, finishFlush: index === parts.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }));
}

/** Bytes as uncompressed ("stored") deflate blocks, at most 65,535 bytes each; none for no bytes. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += 0xffff) {
    const chunk = bytes.subarray(start, start + 0xffff);
    const header = Buffer.alloc(5);
    // Not the last block, type 0 (stored), then the length and its one's complement.
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * The gzip body of parts[0] slots[0] parts[1] slots[1] … parts[n]: `deflated` is
 * `deflateParts(parts, level)`; `parts` are needed for the checksum.
 */
export function gzipTemplate(parts: Buffer[], deflated: Buffer[], slots: Buffer[]): Buffer {
  const chunks: Buffer[] = [gzipHeader];
  let crc = 0;
  let size = 0;
  parts.forEach((part, index) => {
    crc = crc32(part, crc);
    size += part.length;
    chunks.push(deflated[index] as Buffer);
    const slot = slots[index];
    if (index === parts.length - 1 || !slot) return;
    crc = crc32(slot, crc);
    size += slot.length;
    chunks.push(...storedBlocks(slot));
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}
