// The shape of one gateway operation, as data. Every face of the product (commands, tree,
// snippets, language server, sandbox router, README table) is derived from these records.
// This folder imports nothing of ours.

/** A sample request body as a value: an object whose leaves are strings, numbers or booleans. */
export type SampleValue = Record<string, unknown>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `gateway` serves paths under `/rest/`; `boarding` serves paths under `/api/`. */
export type HostFamily = 'gateway' | 'boarding';

/** What a request body is written in. `none`: the operation takes no body. */
export type BodyFormat = 'json' | 'xml' | 'none';

/** What a response body comes back as. `pdf`: a binary document stream. */
export type ResponseFormat = 'json' | 'xml' | 'pdf';

/** `api-key` header on `/rest/`; `AccessKey` + `MerchantId` headers on `/api/`. */
export type AuthSurface = 'api-key' | 'access-key';

/** How careful a user must be: drives the production guard and the tree's icons. */
export type Safety = 'read' | 'write' | 'moves-money' | 'destructive';

/** How a safety class is said, everywhere it is said (./safety.ts). */
export interface SafetyWording {
  /** Its name in a table: "read", "moves money". */
  label: string;
  /** What sending an operation of it does, said after the operation: "Sale moves money". */
  does: string;
  /** Said as well where a user decides whether to send it: what cannot be taken back. */
  caution?: string;
}

export type GroupId =
  | 'card-transactions'
  | 'card-tokens'
  | 'customers'
  | 'ach-providers'
  | 'ach-transactions'
  | 'ach-tokens'
  | 'settings'
  | 'batches'
  | 'documents'
  | 'onboarding'
  | 'mobile';

/**
 * Names of value checks. The catalog only names them; `src/core/checks/inputChecks.ts` implements
 * them, so the language server, the extension and the sandbox agree on what is valid.
 */
export type CheckName =
  | 'luhn'          // card number (PAN), 12-19 digits passing the Luhn checksum; a token id is also accepted where `card` allows it
  | 'aba'           // 9-digit ABA routing number with a valid checksum
  | 'amount'        // positive decimal string with exactly two fractional digits
  | 'expDate'       // MMYY
  | 'time'          // HH:MM, 24-hour
  | 'date'          // YYYY-MM-DD
  | 'secCode'       // PPD, CCD, WEB, TEL
  | 'csc'           // 3 or 4 digits
  | 'accountNumber' // 1-17 digits
  | 'email'
  | 'url'
  | 'year'          // YYYY
  | 'month'         // 01-12
  | 'digits';       // one or more digits

type FieldType = 'string' | 'boolean' | 'integer' | 'object' | 'array';

export interface FieldSpec {
  /** Wire name, exactly as sent (hyphenated on the gateway, camelCase on boarding). */
  name: string;
  type: FieldType;
  required?: boolean;
  /** Allowed values of an enumerated field. */
  values?: readonly string[];
  /** The gateway takes `values` in any letter case (transaction types, ACH enumerations). */
  anyCase?: boolean;
  check?: CheckName;
  /** One line: what the field means. */
  doc: string;
  /** Children of an `object` field, or of each element of an `array` field. */
  fields?: readonly FieldSpec[];
  /** Required fields this one stands in for when present (an ACH `token-id` for the account fields). */
  replaces?: readonly string[];
}

export interface ParamSpec {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  type: 'string' | 'integer' | 'boolean';
  values?: readonly string[];
  check?: CheckName;
  doc: string;
  /** A value the Local sandbox accepts, offered when asking for this parameter there. */
  sandboxValue?: string;
}

/**
 * A request header an operation needs besides the credentials added at send time (the mobile
 * paths' `public-key` and `mobilejwt`): written into its request document as `name: value`.
 */
export interface HeaderSpec {
  name: string;
  /** What the request document writes, usually a `{{variable}}` the user or an earlier answer fills. */
  value: string;
  doc: string;
}

/**
 * Where an operation comes from: `interface` — the gateway's interface (docs/gateway-interface.md),
 * authoritative; `public-clients` — past the interface, what public clients of the real gateway
 * send and read, each such operation with its evidence.
 */
type OperationSource = 'interface' | 'public-clients';

export interface Operation {
  /** Stable id, `group.action`, e.g. `transactions.sale`. Commands are `gateway.op.<id>`. */
  id: string;
  source: OperationSource;
  /** For a `public-clients` operation: where it is seen, as `owner/repository@commit:path`. */
  evidence?: readonly string[];
  /** Human title, e.g. "Sale". */
  title: string;
  group: GroupId;
  method: HttpMethod;
  host: HostFamily;
  /** Path template with `{name}` placeholders, exactly as the interface writes it. */
  path: string;
  /** Path parameters (in template order), then query parameters. */
  params: readonly ParamSpec[];
  /** Preferred request body format; `none` when the operation takes no body. */
  bodyFormat: BodyFormat;
  /** Every request body format the gateway accepts here (empty when `bodyFormat` is `none`). */
  acceptedBodyFormats: readonly BodyFormat[];
  /** Root element of an XML request body (e.g. `transaction`, `device-settings`). */
  xmlRoot?: string;
  /** Preferred response format (drives the Accept header). */
  responseFormat: ResponseFormat;
  /** Known request body fields. */
  fields: readonly FieldSpec[];
  /** Headers it needs besides the credentials (empty for the interface's operations). */
  headers: readonly HeaderSpec[];
  auth: AuthSurface;
  /** Success HTTP statuses as the interface lists them. */
  successStatuses: readonly number[];
  /** `payloadType` of a successful response. */
  payloadType?: string;
  /** A realistic request body in `bodyFormat`, ready to send to the Local sandbox. */
  sample?: string;
  /** `sample` as a value (XML samples are rendered from it at build time: ./xmlSamples.ts). */
  sampleValue?: SampleValue;
  safety: Safety;
  /**
   * For an operation that changes state: the read (an operation id) that shows whether it went
   * through, named to the user when its answer was lost and it was not sent again.
   */
  verifyWith?: string;
  /** One or two sentences for hover and quick picks. */
  doc: string;
  deprecated?: boolean;
}

export interface GroupInfo {
  id: GroupId;
  title: string;
  /** Operation id that lists this group's resources in the tree, when there is one. */
  listOperation?: string;
}
