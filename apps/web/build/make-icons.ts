/**
 * Renders the app icons in public/icons/ from the logo (public/logo.svg) with the system Chromium.
 * Run by hand when the logo changes; the PNGs are committed (the build does not need a browser).
 *   node apps/web/build/make-icons.ts
 * - icon-192.png, icon-512.png: the logo as it is (rounded navy square), for launchers that show
 *   the icon whole;
 * - maskable-192.png, maskable-512.png: full-bleed navy with the mark inside the central 80 %
 *   circle (the maskable safe zone), for Android launchers that cut their own shape;
 * - apple-touch-icon.png (180 px): iOS's home screen icon, square (iOS rounds it itself).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const logo = readFileSync(path.join(root, 'public/logo.svg'), 'utf8');
const mark = logo.replace(/<rect [^>]*\/>/, '');
const navy = '#0b1f3a';

/** The mark scaled to `share` of the square, centred, on a full-bleed navy square. */
const fullBleed = (share: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${navy}"/>` +
  `<g transform="translate(${32 - 32 * share} ${32 - 32 * share}) scale(${share})">${mark.replace(/^<svg[^>]*>|<\/svg>\s*$/g, '')}</g></svg>`;

const icons: [file: string, size: number, svg: string][] = [
  ['icon-192.png', 192, logo],
  ['icon-512.png', 512, logo],
  ['maskable-192.png', 192, fullBleed(0.6)],
  ['maskable-512.png', 512, fullBleed(0.6)],
  ['apple-touch-icon.png', 180, fullBleed(0.75)],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
for (const [file, size, svg] of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const data = Buffer.from(svg.replace('<svg ', `<svg width="${size}" height="${size}" `)).toString('base64');
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${data}" style="display:block"></body></html>`,
  );
  await page.screenshot({ path: path.join(root, 'public/icons', file), omitBackground: true });
  await page.close();
  console.log(`public/icons/${file}`);
}
await browser.close();
