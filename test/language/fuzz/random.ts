// A small seeded PRNG for the fuzz test: every case gets its own generator derived from
// (seed, index), so one failing case can be replayed alone without generating the others.

/** mulberry32: 32-bit state, fast, good enough for test-input generation (not for secrets). */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Random.pick: nothing to pick from');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `[[weight, value], ...]`. */
  weighted<T>(table: readonly (readonly [number, T])[]): T {
    const total = table.reduce((sum, [w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [w, value] of table) {
      r -= w;
      if (r < 0) return value;
    }
    return table[table.length - 1][1];
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

/** The generator of case `index` under `seed` (splitmix-style mixing, so neighbours differ). */
export function caseRandom(seed: number, index: number): Random {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return new Random((h ^ (h >>> 16)) >>> 0);
}
