import { inflateRawSync } from 'node:zlib';
import { ResumeTooComplex, ResumeUnreadable } from './resume-errors';

// A DOCX is a zip, and a zip can be a bomb: 1 MB that inflates to gigabytes (issue 22, finding 5). Before
// mammoth (JSZip) reads one, every entry of its central directory, the list JSZip itself follows, is
// checked twice: the sizes it declares, then the bytes it really inflates to, which a crafted header can
// understate. Inflation stops at the budget left, so memory stays bounded whatever the headers say.

export type ZipLimits = { maxTotalBytes: number; maxEntries: number };

/** A resume's DOCX inflates to a few MB, images included. */
export const DOCX_LIMITS: ZipLimits = { maxTotalBytes: 64 * 1024 * 1024, maxEntries: 2000 };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const STORED = 0;
const DEFLATE = 8;

type Entry = { method: number; compressedSize: number; size: number; localOffset: number };

/** Throws ResumeTooComplex past the limits, ResumeUnreadable when the zip is not one. */
export function assertZipWithinLimits(bytes: Uint8Array, limits: ZipLimits = DOCX_LIMITS): void {
  try {
    checkZip(bytes, limits);
  } catch (error) {
    if (error instanceof ResumeUnreadable) throw error;
    // A header pointing outside the file (DataView's RangeError): damaged, like any other.
    throw new ResumeUnreadable(`the zip is damaged: ${(error as Error).message}`);
  }
}

function checkZip(bytes: Uint8Array, limits: ZipLimits): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readCentralDirectory(view, limits);

  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > limits.maxTotalBytes) {
    throw new ResumeTooComplex(`the zip declares ${declared} bytes inflated, over ${limits.maxTotalBytes}`);
  }

  let inflated = 0;
  for (const entry of entries) {
    const data = entryData(view, bytes, entry);
    if (entry.method === STORED) {
      inflated += data.length;
    } else if (entry.method === DEFLATE) {
      inflated += inflateWithin(data, limits.maxTotalBytes - inflated);
    } else {
      throw new ResumeUnreadable(`zip compression method ${entry.method} is not supported`);
    }
    if (inflated > limits.maxTotalBytes) {
      throw new ResumeTooComplex(`the zip inflates past ${limits.maxTotalBytes} bytes`);
    }
  }
}

function readCentralDirectory(view: DataView, limits: ZipLimits): Entry[] {
  const end = findEndOfCentralDirectory(view);
  const count = view.getUint16(end + 10, true);
  // 0xFFFF means a zip64 archive: never needed for a file of a few MB, and above any sane entry count.
  if (count > limits.maxEntries || count === 0xffff) {
    throw new ResumeTooComplex(`the zip has ${count === 0xffff ? 'too many' : count} entries`);
  }
  let at = view.getUint32(end + 16, true);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > view.byteLength || view.getUint32(at, true) !== CENTRAL) {
      throw new ResumeUnreadable('the zip central directory is damaged');
    }
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const entry: Entry = {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    };
    readZip64Extra(view, at + 46 + nameLength, extraLength, entry);
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function findEndOfCentralDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at -= 1) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  throw new ResumeUnreadable('not a zip: no end of central directory');
}

// Sizes and offsets too large for 32 bits are 0xFFFFFFFF, the real value in the zip64 extra field, in
// this order, only for those that overflowed (APPNOTE 4.5.3).
function readZip64Extra(view: DataView, start: number, length: number, entry: Entry): void {
  const fields = (['size', 'compressedSize', 'localOffset'] as const).filter((key) => entry[key] === 0xffffffff);
  if (fields.length === 0) return;
  for (let at = start; at + 4 <= start + length; ) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA) {
      fields.forEach((key, i) => {
        if (at + 4 + 8 * (i + 1) > view.byteLength) throw new ResumeUnreadable('the zip64 extra field is damaged');
        entry[key] = Number(view.getBigUint64(at + 4 + 8 * i, true));
      });
      return;
    }
    at += 4 + size;
  }
  throw new ResumeUnreadable('a zip64 entry without its zip64 extra field');
}

// The compressed bytes where JSZip takes them: after the local header's own name and extra field, as
// long as the central directory says.
function entryData(view: DataView, bytes: Uint8Array, entry: Entry): Uint8Array {
  const at = entry.localOffset;
  if (at + 30 > view.byteLength || view.getUint32(at, true) !== LOCAL) {
    throw new ResumeUnreadable('a zip entry points to no local header');
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.byteLength) throw new ResumeUnreadable('a zip entry is truncated');
  return bytes.subarray(start, start + entry.compressedSize);
}

/** The inflated length of a raw deflate stream, refusing once it passes `budget` bytes. */
function inflateWithin(data: Uint8Array, budget: number): number {
  try {
    // zlib stops and throws as soon as the output passes maxOutputLength: at most the budget is ever held.
    return inflateRawSync(data, { maxOutputLength: Math.max(budget, 1) }).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new ResumeTooComplex(`a zip entry inflates past the ${budget} bytes left`);
    }
    throw new ResumeUnreadable(`a zip entry does not inflate: ${(error as Error).message}`);
  }
}
