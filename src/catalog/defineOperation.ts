// Turns a compact catalog entry into a full Operation: host family, auth surface and body
// formats follow from the path and the body kind, so entries state only what is particular.
import type {
  BodyFormat, FieldSpec, GroupId, HeaderSpec, HttpMethod, Operation, ParamSpec, ResponseFormat, Safety, SampleValue,
} from './types';
import { XML_SAMPLES } from './xmlSamples';

/**
 * `json+xml`: JSON preferred, XML also accepted (cards, vault, ACH).
 * `xml+json`: XML preferred, JSON also accepted (settings, batches: the interface shows XML,
 * docs/gateway-facts.md §5 lists both media types and the gateway's Java samples send JSON).
 * `xml`: XML only. `json`: JSON only (documents, onboarding).
 */
type BodyKind = 'json+xml' | 'xml+json' | 'xml' | 'json';

interface BodyEntry {
  kind: BodyKind;
  xmlRoot?: string;
  fields: readonly FieldSpec[];
  sample: SampleValue;
}

export interface OperationEntry {
  id: string;
  /**
   * Only for an operation past the interface: the public clients that use it
   * (`owner/repository@commit:path`). Without it, the operation is the interface's.
   */
  evidence?: readonly string[];
  title: string;
  group: GroupId;
  method: HttpMethod;
  path: string;
  params?: readonly ParamSpec[];
  /** Headers it needs besides the credentials (the mobile paths' `public-key`, `mobilejwt`). */
  headers?: readonly HeaderSpec[];
  body?: BodyEntry;
  responseFormat?: ResponseFormat;
  successStatuses?: readonly number[];
  payloadType?: string;
  safety: Safety;
  verifyWith?: string;
  doc: string;
  deprecated?: boolean;
}

const bodyFormats: Record<BodyKind, readonly Exclude<BodyFormat, 'none'>[]> = {
  'json+xml': ['json', 'xml'],
  'xml+json': ['xml', 'json'],
  xml: ['xml'],
  json: ['json'],
};

export function defineOperation(entry: OperationEntry): Operation {
  const boarding = entry.path.startsWith('/api/');
  const { body } = entry;
  const accepted = body ? bodyFormats[body.kind] : [];
  const preferred = accepted[0];
  return {
    id: entry.id,
    source: entry.evidence ? 'public-clients' : 'interface',
    ...(entry.evidence ? { evidence: entry.evidence } : {}),
    title: entry.title,
    group: entry.group,
    method: entry.method,
    host: boarding ? 'boarding' : 'gateway',
    path: entry.path,
    params: entry.params ?? [],
    bodyFormat: preferred ?? 'none',
    acceptedBodyFormats: accepted,
    ...(body?.xmlRoot ? { xmlRoot: body.xmlRoot } : {}),
    responseFormat: entry.responseFormat ?? 'json',
    fields: body?.fields ?? [],
    headers: entry.headers ?? [],
    auth: boarding ? 'access-key' : 'api-key',
    successStatuses: entry.successStatuses ?? [200],
    ...(entry.payloadType ? { payloadType: entry.payloadType } : {}),
    ...(body && preferred ? { sample: sampleText(entry.id, preferred, body.sample), sampleValue: body.sample } : {}),
    safety: entry.safety,
    ...(entry.verifyWith ? { verifyWith: entry.verifyWith } : {}),
    doc: entry.doc,
    ...(entry.deprecated ? { deprecated: true } : {}),
  };
}

/**
 * The sample's text, pretty-printed: JSON here; XML rendered at build time by
 * scripts/generate-xml-samples.ts (with the XML library the catalog must not import).
 */
function sampleText(id: string, format: Exclude<BodyFormat, 'none'>, value: SampleValue): string | undefined {
  return format === 'json' ? JSON.stringify(value, null, 2) : XML_SAMPLES[id];
}
