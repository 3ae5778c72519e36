// The Gateway Overview page's one script (built into dist/overview/overviewView.js, loaded by the
// page under its nonce). The page is drawn by the extension; this only asks for a refresh and
// keeps keyboard focus where it was across one (a refresh replaces the whole page), so a keyboard
// user is not sent back to the top. It never turns text into markup.

/** The few browser names used here (the project compiles without the DOM library). */
interface Focusable {
  id: string;
  focus(): void;
  addEventListener(type: string, listener: (event: { target: unknown }) => void): void;
}
declare const document: {
  getElementById(id: string): Focusable | null;
  addEventListener(type: string, listener: (event: { target: unknown }) => void): void;
};
declare function acquireVsCodeApi(): { postMessage(message: unknown): void; getState(): unknown; setState(state: unknown): void };

const vscode = acquireVsCodeApi();
const saved = vscode.getState() as { focused?: string } | undefined;
if (saved?.focused) document.getElementById(saved.focused)?.focus();

document.addEventListener('focusin', (event) => {
  const id = (event.target as Partial<Focusable> | null)?.id;
  if (typeof id === 'string' && id) vscode.setState({ focused: id });
});
document.getElementById('refresh')?.addEventListener('click', () => vscode.postMessage({ type: 'refresh' }));
