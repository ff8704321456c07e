import PDFDocument from 'pdfkit';
import type { AppLocale } from '#src/shared/enums.ts';
import { pdfFonts } from './pdf-fonts';

// The A4 layout the money paperwork's PDFs share (issue 46): the yearly statement and Form CP58. One font
// (Noto Sans SC, pdf-fonts.ts), one column of text, tables whose column names come back at the top of a
// page a table runs onto, and a footer on every page. Each document brings its own words; this file only
// places them.

export const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
export const LEFT = 50;
const RIGHT = 545;
export const WIDTH = RIGHT - LEFT;
const BOTTOM = PAGE_HEIGHT - 70; // room for the footer
export const GREY = '#555555';
const RULE = '#bbbbbb';

export type TextStyle = { bold?: boolean; size?: number; color?: string; gap?: number };
export type CellStyle = { bold?: boolean; color?: string };
/** A table's column: its width in points (the columns sit side by side from the left margin, 8 apart). */
export type TableColumn = { width: number; align?: 'left' | 'right' };

export type PdfInfo = { locale: AppLocale; title: string; author: string; subject: string; createdAt: Date };

export type PdfTable = {
  /** The column names, drawn now and again at the top of each page the table runs onto, until `endHead`. */
  head: (cells: string[]) => void;
  endHead: () => void;
  /** One line of cells, as high as its tallest cell; a new page first when it does not fit. */
  row: (cells: string[], style?: CellStyle) => void;
};

export type PdfWriter = {
  doc: PDFKit.PDFDocument;
  write: (text: string, style?: TextStyle) => void;
  /** A new page unless `height` points still fit above the footer. */
  room: (height: number) => void;
  rule: () => void;
  table: (columns: TableColumn[]) => PdfTable;
  /** Writes `footer(page, pages)` at the foot of every page and answers the document's bytes. */
  finish: (footer: (page: number, pages: number) => string) => Promise<Buffer>;
};

const COLUMN_GAP = 8;

export function startPdf(info: PdfInfo): PdfWriter {
  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: 50, left: LEFT, right: PAGE_WIDTH - RIGHT },
    bufferPages: true,
    // A parsed font, not a name: pdfkit takes a fontkit font as it is (its types say string only), and
    // never loads its built-in Helvetica, which draws no Chinese.
    font: fonts.regular as unknown as string,
    lang: { en: 'en', ms: 'ms', zh: 'zh-CN' }[info.locale],
    displayTitle: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, CreationDate: info.createdAt },
  });
  doc.registerFont('regular', fonts.regular as unknown as string);
  doc.registerFont('bold', fonts.bold as unknown as string);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  const write = (text: string, style: TextStyle = {}) => {
    doc
      .font(style.bold ? 'bold' : 'regular')
      .fontSize(style.size ?? 10)
      .fillColor(style.color ?? 'black')
      .text(text, LEFT, doc.y, { width: WIDTH });
    if (style.gap) doc.moveDown(style.gap);
  };
  const room = (height: number) => {
    if (doc.y + height > BOTTOM) doc.addPage();
  };
  const rule = () => {
    doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.y += 4;
  };
  const cellStyle = (style: CellStyle) =>
    doc
      .font(style.bold ? 'bold' : 'regular')
      .fontSize(9)
      .fillColor(style.color ?? 'black');

  const table = (columns: TableColumn[]): PdfTable => {
    const placed = columns.reduce<Array<TableColumn & { x: number }>>((all, column) => {
      const last = all.at(-1);
      all.push({ ...column, x: last ? last.x + last.width + COLUMN_GAP : LEFT });
      return all;
    }, []);
    let head: (() => void) | null = null;
    const row = (cells: string[], style: CellStyle = {}) => {
      cellStyle(style);
      const height = Math.max(
        ...placed.map((column, i) => doc.heightOfString(cells[i] || ' ', { width: column.width })),
      );
      if (doc.y + height + 4 > BOTTOM) {
        doc.addPage();
        const repeat = head;
        head = null;
        repeat?.();
        head = repeat;
        cellStyle(style);
      }
      const top = doc.y;
      for (const [i, column] of placed.entries())
        doc.text(cells[i] ?? '', column.x, top, { width: column.width, align: column.align ?? 'left' });
      doc.x = LEFT;
      doc.y = top + height + 4;
    };
    return {
      head: (cells) => {
        const draw = () => {
          row(cells, { bold: true, color: GREY });
          rule();
        };
        draw();
        head = draw;
      },
      endHead: () => {
        head = null;
      },
      row,
    };
  };

  const finish = async (footer: (page: number, pages: number) => string) => {
    // In the bottom margin, which pdfkit would otherwise take as a page break.
    const pages = doc.bufferedPageRange();
    for (let i = 0; i < pages.count; i += 1) {
      doc.switchToPage(pages.start + i);
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('regular')
        .fontSize(8)
        .fillColor(GREY)
        .text(footer(i + 1, pages.count), LEFT, PAGE_HEIGHT - 40, { width: WIDTH, align: 'center', lineBreak: false });
      doc.page.margins.bottom = margin;
    }
    doc.end();
    await ended;
    return Buffer.concat(chunks);
  };

  return { doc, write, room, rule, table, finish };
}
