import { crc32, createDeflate, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { sampleDocx } from './sample-files';

// Hostile DOCX files made in code: a real document (docx) whose word/document.xml has `times` copies of
// `filler` inserted in its body, deflated as it is written, so a 200 MB bomb never exists in this process.
export async function docxWithFiller(filler: string, times: number, paragraphs = ['Bomb Resume']): Promise<Buffer> {
  const entries = unzipSync(await sampleDocx(paragraphs));
  const zip: ZipEntry[] = [];
  for (const [name, data] of Object.entries(entries)) {
    if (name !== 'word/document.xml') {
      zip.push({ name, deflated: deflateRawSync(data), crc: crc32(data), size: data.length });
      continue;
    }
    const xml = Buffer.from(data).toString('utf8');
    const at = xml.indexOf('<w:body>') + '<w:body>'.length;
    zip.push(
      await deflateStream(
        [Buffer.from(xml.slice(0, at)), Buffer.from(filler), Buffer.from(xml.slice(at))],
        times,
        name,
      ),
    );
  }
  return writeZip(zip);
}

type ZipEntry = { name: string; deflated: Buffer; crc: number; size: number };

// head, `times` × middle, tail, through native zlib (a JS deflate of 200 MB takes seconds here).
async function deflateStream([head, middle, tail]: Buffer[], times: number, name: string): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  const write = async (chunk: Buffer) => {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(head as Buffer);
  for (let i = 0; i < times; i += 1) await write(middle as Buffer);
  await write(tail as Buffer);
  deflate.end();
  await done;
  return { name, deflated: Buffer.concat(out), crc, size };
}

// The smallest zip that JSZip, file-type and our guard read: local headers, data, central directory.
function writeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(0x21, 14);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.deflated.length, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    central.push(header, name);
    offset += 30 + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A copy of `zip` whose headers, local and central, declare `size` inflated bytes for the entry `name`. */
export function lieAboutSize(zip: Uint8Array, name: string, size: number): Buffer {
  const bytes = Buffer.from(zip);
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = bytes.readUInt32LE(end + 16);
  for (let i = 0; i < bytes.readUInt16LE(end + 10); i += 1) {
    const nameLength = bytes.readUInt16LE(at + 28);
    if (bytes.toString('latin1', at + 46, at + 46 + nameLength) === name) {
      bytes.writeUInt32LE(size, at + 24);
      bytes.writeUInt32LE(size, bytes.readUInt32LE(at + 42) + 22);
      return bytes;
    }
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  throw new Error(`no entry ${name}`);
}

/** A one-page PDF whose content stream (FlateDecode) is `megabytes` MB of spaces after its text. */
export async function pdfWithFiller(megabytes: number, text = 'Bomb Resume'): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const write = async (chunk: Buffer) => {
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(Buffer.from(`BT /F1 16 Tf 72 740 Td (${text}) Tj ET\n`, 'latin1'));
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < megabytes; i += 1) await write(spaces);
  deflate.end();
  await done;
  const stream = Buffer.concat(out);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  const add = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    add(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
  });
  offsets.push(length);
  add(Buffer.from(`5 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'));
  add(stream);
  add(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  const xref = length;
  let tail = `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  add(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}
