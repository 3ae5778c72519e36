// A copy of a string that does not hold on to the text it was cut from. V8 keeps a slice of a
// long string as a view of it: a request file's name, path or target taken from a parsed line
// would keep that line's whole chunk of the file alive for as long as the slice is kept. What
// outlives a request — an outline, a cache keyed by text — keeps copies made here.

export function detached(text: string): string {
  // Prepending makes a new string that is copied flat before the slice is taken off it.
  return (' ' + text).slice(1);
}
