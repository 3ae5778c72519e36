// Writes out/README.vsix.md: the README as the .vsix carries it, its images inlined as data: URIs.
// VS Code's extension page renders an installed extension's README in a webview that loads
// images only from https: and data: (its Content-Security-Policy) and resolves no relative path,
// so a relative `media/x.png` shows as a broken image offline; a data: URI always renders.
// `npm run package` passes this file to vsce with --readme-path.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MIME = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif' };

const readme = readFileSync(join(root, 'README.md'), 'utf8');
let inlined = 0;
const out = readme.replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (whole, alt, src) => {
  if (/^[a-z]+:/i.test(src)) return whole;
  const mime = MIME[extname(src).toLowerCase()];
  if (!mime) throw new Error(`README image ${src}: only PNG, JPEG and GIF can be inlined (VS Code and the Marketplace refuse SVG in READMEs)`);
  inlined++;
  return `![${alt}](data:${mime};base64,${readFileSync(join(root, src)).toString('base64')})`;
});
mkdirSync(join(root, 'out'), { recursive: true });
writeFileSync(join(root, 'out/README.vsix.md'), out);
console.log(`out/README.vsix.md: ${inlined} image(s) inlined, ${(Buffer.byteLength(out) / 1024).toFixed(1)} KB`);
