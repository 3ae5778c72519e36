// REST Client's request settings for what this client does always: the parser takes them without
// a warning, and the language server's hover says why there is nothing to do. One table for both.

/** Setting (without its `@`) → why it changes nothing here. */
export const ALWAYS_SO_SETTINGS: Readonly<Record<string, string>> = {
  'no-redirect': 'this client never follows a redirect (the gateway sends none)',
  'no-cookie-jar': 'this client keeps no cookies (the gateway sets none)',
};

export function isAlwaysSoSetting(keyword: string): boolean {
  return Object.prototype.hasOwnProperty.call(ALWAYS_SO_SETTINGS, keyword);
}
