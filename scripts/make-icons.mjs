#!/usr/bin/env node
// Renders the app icons (public/icons/*.png) from the favicon artwork in headless Chromium, so the PNGs
// and public/favicon.svg never drift apart. Run it by hand after changing the artwork; the PNGs are
// committed. Usage: node scripts/make-icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const root = new URL('../', import.meta.url);
const favicon = readFileSync(new URL('public/favicon.svg', root), 'utf8');
const BLUE = /fill="(#[0-9a-fA-F]{6})"/.exec(favicon)?.[1] ?? '#2D3CFE';
const GLYPH = /<path[^>]*\/>/.exec(favicon)?.[0];
if (!GLYPH) throw new Error('public/favicon.svg has no <path> glyph');

// The glyph spans about 25x28 of the 64-unit box around its centre (32.5, 32): its farthest corner is
// 0.29 of the icon's size from the centre, inside the maskable safe zone (a circle of radius 0.4).
const svg = ({ rounded, glyphScale = 1 }) => {
  const t = (1 - glyphScale) * 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">
    <rect width="64" height="64" ${rounded ? 'rx="14"' : ''} fill="${BLUE}"/>
    <g transform="translate(${t} ${t}) scale(${glyphScale})">${GLYPH}</g>
  </svg>`;
};

const icons = [
  // "any" icons keep the favicon's rounded square on a transparent background.
  { file: 'icon-192.png', size: 192, art: svg({ rounded: true }), transparent: true },
  { file: 'icon-512.png', size: 512, art: svg({ rounded: true }), transparent: true },
  // Maskable: full bleed (the platform crops it), glyph a little smaller to sit well inside the safe zone.
  { file: 'maskable-512.png', size: 512, art: svg({ rounded: false, glyphScale: 0.85 }), transparent: false },
  // iOS rounds the corners itself and shows transparency as black: full bleed, opaque.
  { file: 'apple-touch-icon.png', size: 180, art: svg({ rounded: false }), transparent: false },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  mkdirSync(new URL('public/icons/', root), { recursive: true });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<!doctype html><html><head><style>html,body{margin:0;padding:0;background:transparent}
        svg{display:block;width:${icon.size}px;height:${icon.size}px}</style></head><body>${icon.art}</body></html>`,
    );
    const out = new URL(`public/icons/${icon.file}`, root);
    await page.screenshot({ path: out.pathname, omitBackground: icon.transparent, type: 'png' });
    console.log(`wrote public/icons/${icon.file} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}
