// The manifest shape of one command, shared by each part's contributions data (no vscode
// import: scripts/generate-manifest.ts loads those modules in plain Node).

export interface CommandContribution {
  command: string;
  title: string;
  category: 'Gateway';
  /** A codicon reference such as `$(add)`. */
  icon?: string;
}
