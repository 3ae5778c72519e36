// A test's name made from data (a hostile string, a row of a table): printable ASCII without "#",
// because the TAP reader the mutation run uses (@stryker-mutator/tap-runner) ends a line at U+2028
// and takes a "#" for a directive, and then sees no tests at all.
export const named = (text: string): string =>
  JSON.stringify(text).replace(/[^\x20-\x7e]/gu, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`).replace(/#/g, '<hash>');
