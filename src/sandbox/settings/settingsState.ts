// The settings slice: one stored element per group, values as the XML strings they arrived
// as. `null` means "not configured" (HPP after DELETE, or no device boarded).

export type SettingsValues = Record<string, unknown>;

export interface SettingsSlice {
  groups: Record<string, SettingsValues | null>;
}
