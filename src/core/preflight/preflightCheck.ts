// One line of a go-live check: what was checked, passed or not, and the evidence (redacted).

export interface PreflightCheck {
  /** The part of the check: settings, files, recording, coverage. */
  section: 'settings' | 'files' | 'recording' | 'coverage';
  /** What this line checks, as a sentence a reviewer reads. */
  name: string;
  passed: boolean;
  /** What was found: one line each (file:line, field: a → b, request #n), never a key or a full card number. */
  details: readonly string[];
}

export const check = (section: PreflightCheck['section'], name: string, details: readonly string[]): PreflightCheck =>
  ({ section, name, passed: details.length === 0, details });
