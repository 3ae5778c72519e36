// Finding a named object in a gateway answer, wherever its envelope nests it: the JSON envelope
// (`payload.terminal-settings`) and the XML root (`response.payload.terminal-settings`) differ.

/** A plain object (not an array, not null). */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first object named `key` under `root`, breadth-first. */
export function objectNamed(root: unknown, key: string): Record<string, unknown> | undefined {
  const queue: unknown[] = [root];
  while (queue.length) {
    const node = queue.shift();
    if (!isObject(node)) continue;
    if (isObject(node[key])) return node[key];
    queue.push(...Object.values(node));
  }
  return undefined;
}
