import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

// The statement's font (issue 46): Noto Sans SC, which draws Latin (English, Malay) and Chinese alike,
// from its npm package (OFL). TrueType, because fontkit subsets a TrueType CJK font in milliseconds where
// the CFF ones (Noto Sans CJK, Source Han) took over a second a PDF; pdfkit embeds only the glyphs used.
// Each face is read and parsed once per process (2 × 10 MB) and the parsed font is handed to every
// document: parsing it again per document was most of a PDF's time. Server-only: no client code imports it.

const FONT_PACKAGE = '@expo-google-fonts/noto-sans-sc';
const require = createRequire(import.meta.url);

export type PdfFonts = { regular: Font; bold: Font };
let loaded: PdfFonts | undefined;

function face(file: string): Font {
  const font = create(readFileSync(require.resolve(`${FONT_PACKAGE}/${file}`)));
  if (!('layout' in font)) throw new Error(`${FONT_PACKAGE}/${file} is a font collection, not one font`);
  return font;
}

export function pdfFonts(): PdfFonts {
  loaded ??= {
    regular: face('400Regular/NotoSansSC_400Regular.ttf'),
    bold: face('700Bold/NotoSansSC_700Bold.ttf'),
  };
  return loaded;
}
