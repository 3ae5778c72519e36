// Sorted lists of positions (ascending whole numbers), as a search index keeps them per value:
// binary search to cut a list to a range, insertion and removal that keep it sorted. Most values
// of an id-like field are held by one record, so a list of one is kept as the bare number.

/** One value's positions: a single one as the number itself, more as a sorted array. */
export type Posting = number | number[];

/** The first index of `sorted` whose value is >= `value` (its length when there is none). */
export function lowerBound(sorted: ArrayLike<number>, value: number, from = 0, to = sorted.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index of `sorted` whose value is > `value` (its length when there is none). */
export function upperBound(sorted: ArrayLike<number>, value: number, from = 0, to = sorted.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function asList(posting: Posting | undefined): readonly number[] {
  if (posting === undefined) return [];
  return typeof posting === 'number' ? [posting] : posting;
}

/** `posting` with `position` added in its sorted place (appending, the common case, costs no search). */
export function withPosition(posting: Posting | undefined, position: number): Posting {
  if (posting === undefined) return position;
  const list = typeof posting === 'number' ? [posting] : posting;
  if (list.length === 0 || list[list.length - 1] < position) list.push(position);
  else {
    const at = lowerBound(list, position);
    if (list[at] !== position) list.splice(at, 0, position);
  }
  return list;
}

/** `posting` without `position`; undefined when nothing is left. */
export function withoutPosition(posting: Posting | undefined, position: number): Posting | undefined {
  if (posting === undefined || posting === position) return undefined;
  if (typeof posting === 'number') return posting;
  const at = lowerBound(posting, position);
  if (posting[at] === position) posting.splice(at, 1);
  return posting.length === 0 ? undefined : posting;
}
