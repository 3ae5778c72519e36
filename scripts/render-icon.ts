// `npx tsx scripts/render-icon.ts`: renders media/icon.svg (the source) to media/icon.png, the
// 128×128 icon the Marketplace and the Extensions view show, with the chromium the real-editor
// tests already install. Run it after editing the SVG and commit both.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(__dirname, '..');
const SIZE = 128;

async function main(): Promise<void> {
  const svg = fs.readFileSync(path.join(root, 'media/icon.svg'), 'utf8');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg style="width:${SIZE}px;height:${SIZE}px;display:block" `)}</body></html>`);
    await page.screenshot({ path: path.join(root, 'media/icon.png'), omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
  } finally {
    await browser.close();
  }
  console.log(`media/icon.png ${SIZE}×${SIZE}`);
}

void main();
