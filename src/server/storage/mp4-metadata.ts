// Phones write where a video was shot into its MP4: Android as `moov/udta/©xyz`,
// iPhones as QuickTime metadata (`moov/meta` keys such as
// com.apple.quicktime.location.ISO6709), editors as an XMP `uuid` box. We keep
// none of it. Each such box becomes a zero-filled `free` box, which every player
// skips: sizes and positions stay the same, so the media offsets (stco/co64) stay
// valid and no frame is touched.
import fs from 'node:fs';

/** Boxes whose content is only descriptive metadata. */
const METADATA_BOXES = new Set(['udta', 'meta']);
/** Boxes we walk into to find them: the movie and its tracks. */
const CONTAINERS = new Set(['moov', 'trak']);
/** Adobe XMP packet in a `uuid` box (ISO 14496-12 extension). */
const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
/** A moov larger than this is not a phone video's; we read it whole. */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;

type Box = { type: string; start: number; headerSize: number; size: number };

/** Reads the box header at `offset` of a region `length` bytes long, or null when there is none. */
function boxAt(read: (at: number, n: number) => Buffer, offset: number, end: number): Box | null {
  if (end - offset < 8) return null;
  const head = read(offset, Math.min(16, end - offset));
  let size = head.readUInt32BE(0);
  const type = head.toString('latin1', 4, 8);
  let headerSize = 8;
  if (size === 1) {
    if (head.length < 16) return null;
    const large = head.readBigUInt64BE(8);
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    size = Number(large);
    headerSize = 16;
  } else if (size === 0) {
    size = end - offset;
  }
  if (size < headerSize || offset + size > end) return null;
  return { type, start: offset, headerSize, size };
}

/** Every metadata box within `buf[from, to)`, walking containers. */
function metadataBoxes(buf: Buffer, from: number, to: number): Box[] {
  const found: Box[] = [];
  const read = (at: number, n: number) => buf.subarray(at, at + n);
  for (let offset = from; offset < to; ) {
    const box = boxAt(read, offset, to);
    if (!box) break;
    if (METADATA_BOXES.has(box.type) || isXmp(buf, box)) found.push(box);
    else if (CONTAINERS.has(box.type)) found.push(...metadataBoxes(buf, box.start + box.headerSize, box.start + box.size));
    offset = box.start + box.size;
  }
  return found;
}

function isXmp(buf: Buffer, box: Box): boolean {
  return box.type === 'uuid' && buf.subarray(box.start + box.headerSize, box.start + box.headerSize + 16).equals(XMP_UUID);
}

/**
 * Blanks the metadata boxes of the MP4 at `file` in place (top level and inside
 * `moov` and its tracks). Returns how many boxes were blanked. A file whose
 * boxes do not parse is left as it is (it was already identified as MP4).
 */
export async function blankMp4Metadata(file: string): Promise<number> {
  const handle = await fs.promises.open(file, 'r+');
  try {
    const { size: fileSize } = await handle.stat();
    const readAt = async (at: number, n: number) => {
      const buf = Buffer.alloc(n);
      const { bytesRead } = await handle.read(buf, 0, n, at);
      return buf.subarray(0, bytesRead);
    };
    let blanked = 0;
    for (let offset = 0; offset < fileSize; ) {
      const head = await readAt(offset, Math.min(16 + XMP_UUID.length, fileSize - offset));
      const box = boxAt((at, n) => head.subarray(at - offset, at - offset + n), offset, fileSize);
      if (!box) break;
      const topXmp = box.type === 'uuid' && head.subarray(box.headerSize, box.headerSize + 16).equals(XMP_UUID);
      if (METADATA_BOXES.has(box.type) || topXmp) {
        await blank(handle, box, 0);
        blanked += 1;
      } else if (box.type === 'moov' && box.size <= MAX_MOOV_BYTES) {
        const moov = await readAt(box.start, box.size);
        for (const inner of metadataBoxes(moov, box.headerSize, moov.length)) {
          await blank(handle, inner, box.start);
          blanked += 1;
        }
      }
      offset = box.start + box.size;
    }
    return blanked;
  } finally {
    await handle.close();
  }
}

const CHUNK = 64 * 1024;

/** Turns a box into `free` and zeroes its content (`base`: where the box's buffer starts in the file). */
async function blank(handle: fs.promises.FileHandle, box: Box, base: number): Promise<void> {
  const start = base + box.start;
  await handle.write(Buffer.from('free', 'latin1'), 0, 4, start + 4);
  const zeros = Buffer.alloc(Math.min(CHUNK, box.size));
  for (let at = start + box.headerSize; at < start + box.size; at += CHUNK) {
    await handle.write(zeros, 0, Math.min(CHUNK, start + box.size - at), at);
  }
}
