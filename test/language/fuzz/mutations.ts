// Text-level mutations of seed files: flips, deletions, duplications, truncation, splicing,
// inserted syntax characters, unicode (including lone surrogate halves), very long lines and
// deep nesting. Several are stacked per case.
import type { Random } from './random';
import { NASTY_PIECES } from './values';

type Mutation = (r: Random, text: string, other: string) => string;

const FLIP_CHARS = '{}[]<>"\':,#@/\\ \n\r\t=&;?%$.0123456789azAZ\u0000\u00ff\ud800\udfff\ufffd';

const at = (r: Random, text: string) => r.int(0, text.length);

const MUTATIONS: readonly (readonly [number, Mutation])[] = [
  [4, (r, t) => { // replace a few characters
    let out = t;
    for (let n = r.int(1, 8); n > 0 && out.length > 0; n--) {
      const i = r.int(0, out.length - 1);
      out = out.slice(0, i) + FLIP_CHARS[r.int(0, FLIP_CHARS.length - 1)] + out.slice(i + 1);
    }
    return out;
  }],
  [3, (r, t) => { const i = at(r, t); return t.slice(0, i) + t.slice(i + r.int(1, 80)); }],
  [2, (r, t) => { const i = at(r, t); const j = Math.min(t.length, i + r.int(1, 200)); return t.slice(0, j) + t.slice(i, j) + t.slice(j); }],
  [2, (r, t) => t.slice(0, at(r, t))],
  [2, (r, t, o) => t.slice(0, at(r, t)) + o.slice(at(r, o))],
  [2, (r, t, o) => { const i = at(r, t); return t.slice(0, i) + o + t.slice(i); }],
  [5, (r, t) => { const i = at(r, t); return t.slice(0, i) + r.pick(NASTY_PIECES) + t.slice(i); }],
  [2, (r, t) => t.replace(/\n/g, r.pick(['\r\n', '\r', '\n\n', '\n\r']))],
  [1, (r, t) => { const i = at(r, t); return t.slice(0, i) + r.pick(['x', '{', '"a":1,', '<a>', '\u00e9']).repeat(r.int(500, 6000)) + t.slice(i); }],
  [1, (r, t) => { const i = at(r, t); const d = r.int(50, 2000); return t.slice(0, i) + r.pick(['[', '{"a":', '<a>']).repeat(d) + t.slice(i); }],
  [2, (r, t) => { // drop or swap whole lines
    const lines = t.split('\n');
    const i = r.int(0, lines.length - 1);
    if (r.chance(0.5)) lines.splice(i, 1);
    else { const j = r.int(0, lines.length - 1); [lines[i], lines[j]] = [lines[j], lines[i]]; }
    return lines.join('\n');
  }],
  [1, (r, t) => t.split('').reverse().join('').slice(0, r.int(0, 400))],
  [1, (r, t) => t.replace(/[ \t]+/g, () => r.pick(['', ' ', '\t', '   ']))],
  [1, (r, t) => '\ufeff' + t],
];

/** `text` with one to four stacked mutations; `other` is a second seed to splice in. */
export function mutate(r: Random, text: string, other: string): string {
  let out = text;
  for (let n = r.weighted<number>([[5, 1], [3, 2], [2, 4]]); n > 0; n--) out = r.weighted(MUTATIONS)(r, out, other);
  return out;
}
