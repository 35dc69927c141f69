// The revrec TypeScript client: openapi-fetch calls typed by the generated src/schema.ts,
// amounts decoded exactly (src/exact-decimals.ts), and problems as a typed ProblemError.
// Written by hand; generate.sh regenerates only schema.ts and decoding-document.ts.
import createClient, { type Client } from "openapi-fetch";
import { decodingDocument } from "./decoding-document.js";
import { exactDecimals } from "./exact-decimals.js";
import type { components, paths } from "./schema.js";

export { Decimal } from "decimal.js";
export { Amount, exactDecimals, type OpenApiDocument, type SchemaObject } from "./exact-decimals.js";
export { decodingDocument } from "./decoding-document.js";
export type { components, operations, paths } from "./schema.js";

/** The document's schemas by name: `Schemas["Contract"]`. */
export type Schemas = components["schemas"];
export type Problem = Schemas["ProblemBody"];
export type RevrecClient = Client<paths>;

export interface RevrecClientOptions {
  /** Where the API is served, without `/v1`: `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** An API key or OAuth access token, sent as `Authorization: Bearer …`. */
  token: string;
  /** A fetch of your own (tests, proxies); the global one by default. */
  fetch?: (input: Request) => Promise<Response>;
}

/** A client whose responses carry amounts as `Amount` (a decimal.js `Decimal`). */
export function createRevrecClient(options: RevrecClientOptions): RevrecClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { Authorization: `Bearer ${options.token}` },
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  client.use(exactDecimals(decodingDocument));
  return client;
}

export interface FieldError {
  field: string;
  message: string;
}

/** A problem answer (RFC 9457): handle it by `code`, a stable string (docs/errors.md). */
export class ProblemError extends Error {
  override readonly name = "ProblemError";
  readonly status: number;
  readonly code: string;
  readonly hint: string | null;
  readonly errors: FieldError[];
  readonly requestId: string | null;
  /** The whole body, extensions included (a 402's `challengeId`); undefined if not JSON. */
  readonly body: Problem | undefined;

  constructor(status: number, body: Problem | undefined, fallback = "") {
    super(body?.message ?? body?.detail ?? (fallback || `HTTP ${status}`));
    this.status = status;
    this.code = body?.code ?? `HTTP_${status}`;
    this.hint = body?.hint ?? null;
    this.errors = (body?.errors ?? []).map(({ field, message }) => ({ field, message }));
    this.requestId = body?.request_id ?? null;
    this.body = body;
  }

  override toString(): string {
    return `${this.status} ${this.code}: ${this.message}${this.hint ? ` (hint: ${this.hint})` : ""}`;
  }
}

function isProblem(value: unknown): value is Problem {
  return typeof value === "object" && value !== null && typeof (value as { code?: unknown }).code === "string";
}

/** The ProblemError of a failed call's `error` and `response`. */
export function problemOf(error: unknown, response: Response): ProblemError {
  return new ProblemError(response.status, isProblem(error) ? error : undefined, typeof error === "string" ? error : "");
}

/**
 * The data of a successful openapi-fetch result; a problem throws ProblemError.
 *
 *     const contract = expectData(await client.POST("/v1/contracts", { body, params: { header: { "Idempotency-Key": key } } }));
 */
export function expectData<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  throw problemOf(result.error, result.response);
}
