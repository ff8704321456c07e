import { crc32, deflateSync } from 'node:zlib';

// Small real files for the demo data, made in code so the repository carries no binaries:
// a one-page PDF with a few lines of text, and a PNG that looks like a phone's call log.

export function tinyPdf(lines: string[]): Buffer {
  const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
  const content = [
    'BT /F1 16 Tf 72 740 Td 22 TL',
    `(${pdfText(lines[0] ?? '')}) Tj /F1 11 Tf 16 TL`,
    ...lines.slice(1).map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

type Rgb = [number, number, number];

// A 60×100 "screenshot": a coloured title bar and call-log rows; `seed` varies the rows.
export function tinyPng(seed: number, accent: Rgb = [0x2d, 0x3c, 0xfe]): Buffer {
  const width = 60;
  const height = 100;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      let color: Rgb = [0xff, 0xff, 0xff];
      if (y < 14) color = accent;
      else {
        const line = Math.floor((y - 18) / 12);
        const inRow = (y - 18) % 12;
        const length = 20 + ((seed * 7 + line * 13) % 30);
        if (line >= 0 && inRow >= 2 && inRow <= 5 && x >= 6 && x < 6 + length) color = [0x37, 0x41, 0x51];
        if (line >= 0 && inRow >= 7 && inRow <= 8 && x >= 6 && x < 6 + length / 2) color = [0x9c, 0xa3, 0xaf];
        if (line === seed % 6 && inRow <= 10 && x >= 50 && x < 55) color = [0x16, 0xa3, 0x4a];
      }
      raw.set(color, row + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method extras, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** What a demo talent's resume says about them. */
export type ResumeFacts = {
  name: string;
  position: string;
  location: string;
  country: string;
  email: string;
  phone: string;
  summary: string;
  years: number;
  education: string;
  skills: readonly string[];
  /** The spoken languages' names. */
  languages: readonly string[];
};

/** A demo talent's one-page resume as the seed stores it: its key in the store, bytes and file name. */
export function demoResume(storeKey: string, talent: ResumeFacts) {
  return {
    key: storeKey,
    bytes: tinyPdf([
      talent.name,
      `${talent.position} - ${talent.location}, ${talent.country}`,
      `E-mail: ${talent.email}   Phone: ${talent.phone}`,
      '',
      talent.summary,
      '',
      `Experience: ${talent.years} years`,
      `Education: ${talent.education}`,
      `Skills: ${talent.skills.join(', ')}`,
      `Languages: ${talent.languages.join(', ')}`,
    ]),
    mime: 'application/pdf',
    name: `${talent.name.replace(/[^A-Za-z]+/g, '_')}_CV.pdf`,
    purpose: 'RESUME' as const,
  };
}
