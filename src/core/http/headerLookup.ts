// A header by name in any case: a request file writes `User-Agent`, node:http hands `user-agent`,
// a recording keeps whatever its proxy saw. One look-up for the client, the run engine's named
// exchanges and the Traffic view.

/** The value of header `name` (its first, when repeated); undefined when absent. */
export function headerValue(headers: Readonly<Record<string, string | readonly string[] | undefined>>, name: string): string | undefined {
  if (name === '') return undefined;
  const wanted = name.toLowerCase();
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    const value = headers[key];
    return typeof value === 'string' || value === undefined ? value : value[0];
  }
  return undefined;
}
