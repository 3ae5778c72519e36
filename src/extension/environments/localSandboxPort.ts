// Which port the Local sandbox listens on, so that an app pointed at it keeps working across
// window reloads: the `gatewayWorkbench.localSandbox.port` setting when it fixes one, else the port
// it last bound (remembered in the extension's global state), else any free one. A remembered port
// another program took is given up for a free one, and said; a fixed one taken is an error that
// names the port and the setting. No vscode import: node tests run it with real sockets.

export const PORT_SETTING = 'gatewayWorkbench.localSandbox.port';
/** The global-state key of the port the sandbox on the saved state last bound. */
export const REMEMBERED_PORT_KEY = 'gatewayWorkbench.localSandbox.lastPort';

const ADDRESS_IN_USE = 'EADDRINUSE';

interface PortChoice {
  /** 0: any free port. */
  port: number;
  /** The setting fixes it: never another one. */
  fixed: boolean;
}

const isPort = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 65535;

/**
 * The setting (0 or unset: not fixed) wins; then the remembered port; then any. The remembered
 * port is the saved state's: a sandbox that keeps its state in memory (`keepsState` false: another
 * window has the saved state, and so that port) takes any free one.
 */
export function portChoice(setting: unknown, remembered: unknown, keepsState = true): PortChoice {
  if (isPort(setting)) return { port: setting, fixed: true };
  return { port: keepsState && isPort(remembered) ? remembered : 0, fixed: false };
}

/**
 * Listens through `listen` on the chosen port. A remembered port in use: on a free one, and
 * `tell` says so (once per start). A fixed port in use: rejects with what to do.
 */
export async function listenOnChosenPort<T extends { port: number }>(choice: PortChoice, listen: (port: number) => Promise<T>, tell: (message: string) => void): Promise<T> {
  try {
    return await listen(choice.port);
  } catch (err) {
    if (choice.port === 0 || (err as { code?: unknown } | undefined)?.code !== ADDRESS_IN_USE) throw err;
    if (choice.fixed) {
      throw Object.assign(new Error(`The Local sandbox cannot listen on port ${choice.port}, which the setting ${PORT_SETTING} fixes: another program (perhaps another VS Code window's Local sandbox) uses it. Stop that program, or change the setting (0 lets the sandbox pick a free port and keep it).`), { code: ADDRESS_IN_USE });
    }
    const sandbox = await listen(0);
    tell(`The Local sandbox's usual port ${choice.port} is in use by another program, so it listens on port ${sandbox.port} this time: an app pointed at port ${choice.port} needs the new URL (Gateway: Copy Connection Settings), or fix a port with the setting ${PORT_SETTING}.`);
    return sandbox;
  }
}
