import { AlignmentType, Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { tinyPdf, tinyPng } from '#src/server/db/demo/files.ts';

// Real files made in code, so the repository carries no binaries: PDF and DOCX resumes the parser can
// read, an image, an old Word (OLE compound) file, an executable, and a PDF padded to an exact size.

export const RESUME_LINES = [
  'Aisyah binti Rahman',
  'aisyah@example.com | +60 12-345 6789',
  'Summary',
  'Customer-focused sales executive who beats her targets.',
  'Skills',
  'Negotiation, CRM, Microsoft Office',
  'Experience',
  'Senior Sales Executive, Maju Retail Sdn Bhd (Jan 2021 - Present)',
  '6 years of experience in retail and B2B sales.',
  'Education',
  'Bachelor of Business Administration, UiTM (2012 - 2016)',
];

export const samplePdf = (lines: string[] = RESUME_LINES) => tinyPdf(lines);

/** A valid PDF of exactly `size` bytes: readers ignore what follows %%EOF, and so does type detection. */
export function pdfOfSize(size: number): Buffer {
  const pdf = tinyPdf(['Padded resume']);
  return Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x20)]);
}

export async function sampleDocx(paragraphs: string[]): Promise<Buffer> {
  const [title, ...rest] = paragraphs;
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: title ?? '', heading: HeadingLevel.TITLE, alignment: AlignmentType.LEFT }),
          ...rest.map((text) => new Paragraph({ text })),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

export const samplePng = () => tinyPng(1);

/** The first bytes of a Windows executable: "MZ", the DOS stub and a PE header. */
export function sampleExe(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

/** An OLE compound file header, as old .doc (and .xls, .msi) files start. */
export function sampleCfb(): Buffer {
  const bytes = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  return bytes;
}

/** Starts like a PDF, then is not one. */
export const corruptPdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\ngarbage without an end', 'latin1');

export const asBlobPart = (bytes: Uint8Array) => new Uint8Array(bytes) as Uint8Array<ArrayBuffer>;

// The first bytes of the media a phone records or captures, enough for type detection (file-type).
const padded = (head: Buffer, size = 256) => Buffer.concat([head, Buffer.alloc(size)]);
const isoMedia = (brand: string) => {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(brand, 8, 'latin1');
  box.write(brand, 16, 'latin1');
  box.write('isom', 20, 'latin1');
  return padded(box);
};
const riff = (form: string) =>
  padded(Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from(form, 'latin1')]));

export const MEDIA_SAMPLES = {
  jpeg: padded(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0])),
  png: tinyPng(2),
  webp: riff('WEBPVP8 '),
  heic: isoMedia('heic'),
  gif: padded(Buffer.from('GIF89a')),
  mp3: padded(Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64])])),
  m4a: isoMedia('M4A '),
  mp4: isoMedia('isom'),
  aac: padded(Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc])),
  ogg: padded(Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('\x01vorbis', 'latin1')])),
  wav: riff('WAVEfmt '),
  webm: padded(
    Buffer.from([
      0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3,
      0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
    ]),
  ),
  amr: padded(Buffer.from('#!AMR\n')),
  '3gp': isoMedia('3gp4'),
};
