// The Local sandbox's own control surface over HTTP (`/__sandbox/…`, loopback callers only):
// the actions it answers, as public facts the sandbox routes by and the request-file checks
// recognise (docs/sandbox.md).

export const CONTROL_PREFIX = '/__sandbox/';

/** `METHOD action` pairs the control surface answers, e.g. `POST clock/advance`. */
export const CONTROL_ACTIONS = ['GET clock', 'POST clock/advance', 'POST faults', 'POST reset', 'GET stats', 'POST keys',
  'POST chaos', 'GET chaos', 'DELETE chaos', 'GET coverage', 'GET snapshot', 'POST seed'] as const;

export type ControlActionName = (typeof CONTROL_ACTIONS)[number];
