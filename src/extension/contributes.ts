// The manifest's shapes, shared by each part's contributions module (no vscode import:
// scripts/generate-manifest.ts loads those modules in plain Node). Each part exports one
// `contributes` fragment of this type; the generator merges them, so renaming a constant can
// neither move a contribution to another key nor drop it.

export interface CommandContribution {
  command: string;
  title: string;
  category: 'Gateway';
  /** A codicon reference such as `$(add)`. */
  icon?: string;
  /**
   * The command needs its argument (a tree item, a code lens, a history entry, a traffic
   * exchange): the generator hides it from the Command Palette. The one place that says so.
   */
  paletteHidden?: true;
}

export interface MenuContribution {
  command: string;
  when?: string;
  group?: string;
}

interface ConfigurationContribution {
  title: string;
  properties: Readonly<Record<string, unknown>>;
}

/** One part's share of package.json's `contributes`: arrays concatenate, objects merge per key. */
export interface ContributesFragment {
  commands?: readonly CommandContribution[];
  menus?: Readonly<Record<string, readonly MenuContribution[]>>;
  keybindings?: readonly { command: string; key: string; mac?: string; when?: string }[];
  configuration?: ConfigurationContribution;
  languages?: readonly object[];
  grammars?: readonly object[];
  snippets?: readonly object[];
  viewsContainers?: Readonly<Record<string, readonly object[]>>;
  views?: Readonly<Record<string, readonly object[]>>;
  viewsWelcome?: readonly { view: string; contents: string }[];
  jsonValidation?: readonly object[];
  walkthroughs?: readonly object[];
  languageModelTools?: readonly object[];
}
