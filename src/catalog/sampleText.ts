// Samples are written as plain values next to their operation and rendered here, so every
// sample is well-formed and pretty-printed the same way in both formats.
import { XMLBuilder } from 'fast-xml-parser';
import type { BodyFormat } from './types';

const xmlBuilder = new XMLBuilder({ format: true, indentBy: '  ' });

/** A sample value: an object whose leaves are strings, numbers or booleans. */
export type SampleValue = Record<string, unknown>;

export function sampleText(format: Exclude<BodyFormat, 'none'>, value: SampleValue, xmlRoot?: string): string {
  if (format === 'json') return JSON.stringify(value, null, 2);
  if (!xmlRoot) throw new Error('An XML sample needs its root element name (xmlRoot).');
  return String(xmlBuilder.build({ [xmlRoot]: value })).trimEnd();
}
