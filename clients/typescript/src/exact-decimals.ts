// An openapi-fetch middleware that reads every amount of a response exactly, as a decimal.js
// Decimal (an Amount, which also keeps the text the server wrote), the type generator/generate.mjs
// gives amounts (docs/clients.md). Written by hand; generate.sh never touches it. `JSON.parse` would turn
// 83.33 into a binary float and twelve of them into 1000.0000000000001.
//
// The body is parsed losslessly (lossless-json keeps each number's text), then walked beside the
// operation's response schema from the OpenAPI document: a number whose schema is
// `format: decimal` becomes a Decimal, any other number a JS number (refused if that would lose
// information). The schema, not the text, decides: a JPY amount is written `12500`, an integer.
import { Decimal } from "decimal.js";
import { isLosslessNumber, parse } from "lossless-json";
import type { Middleware } from "openapi-fetch";

/**
 * An amount as the server wrote it: a Decimal whose `toString()` and `toJSON()` answer the
 * exact text, with the currency's decimals (`5381589.10`, `0.00`, `12500`). decimal.js alone
 * would print `5381589.1` and `0`. Arithmetic on it answers plain Decimals.
 */
export class Amount extends Decimal {
  readonly text: string;

  constructor(text: string) {
    super(text);
    this.text = text;
  }

  override toString(): string {
    return this.text;
  }

  override toJSON(): string {
    return this.text;
  }
}

/** The parts of an OpenAPI 3.1 schema object the walk reads. */
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, SchemaObject>;
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  allOf?: SchemaObject[];
}

/** The parts of an OpenAPI document the walk reads (src/decoding-document.ts holds them). */
export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> } | undefined>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

interface ResponseObject {
  content?: Record<string, { schema?: SchemaObject } | undefined>;
}

/** Decodes successful JSON responses of `document`'s operations with exact amounts. */
export function exactDecimals(document: OpenApiDocument): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      const schema = responseSchema(document, schemaPath, request.method, response);
      if (schema === undefined) return undefined;
      const text = await response.text();
      return new DecodedResponse(decode(document, schema, parse(text)), text, response);
    },
  };
}

/** A response whose `json()` answers the value already decoded. */
class DecodedResponse extends Response {
  readonly #value: unknown;

  constructor(value: unknown, text: string, original: Response) {
    const headers = new Headers(original.headers);
    // openapi-fetch calls json() only when it sees a length; the decoded body has the original's.
    headers.set("Content-Length", String(new TextEncoder().encode(text).length));
    headers.delete("Transfer-Encoding");
    super(text, { status: original.status, statusText: original.statusText, headers });
    this.#value = value;
  }

  override json(): Promise<unknown> {
    return Promise.resolve(this.#value);
  }
}

function responseSchema(
  document: OpenApiDocument,
  schemaPath: string,
  method: string,
  response: Response,
): SchemaObject | undefined {
  if (!response.ok || !(response.headers.get("Content-Type") ?? "").includes("json")) return undefined;
  const operation = document.paths[schemaPath]?.[method.toLowerCase()];
  const answer = operation?.responses?.[String(response.status)];
  return answer?.content?.["application/json"]?.schema;
}

function resolve(document: OpenApiDocument, schema: SchemaObject): SchemaObject {
  let current = schema;
  while (current.$ref !== undefined) {
    const name = current.$ref.replace("#/components/schemas/", "");
    const target = document.components?.schemas?.[name];
    if (target === undefined) throw new Error(`unresolved $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

function types(schema: SchemaObject): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** The branch of a union that describes `value`'s JSON kind (nullable refs, number or string). */
function branchFor(document: OpenApiDocument, schema: SchemaObject, value: unknown): SchemaObject {
  const branches = [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])];
  if (branches.length === 0) return schema;
  const kind = isLosslessNumber(value) ? "number" : Array.isArray(value) ? "array" : typeof value;
  for (const branch of branches.map((each) => resolve(document, each))) {
    const declared = types(branch);
    const matches =
      kind === "number"
        ? declared.includes("number") || declared.includes("integer")
        : kind === "object"
          ? declared.includes("object") || branch.properties !== undefined
          : declared.includes(kind);
    if (matches) return branchFor(document, branch, value);
  }
  return schema;
}

function decode(document: OpenApiDocument, given: SchemaObject | undefined, value: unknown): unknown {
  const schema = given === undefined ? undefined : branchFor(document, resolve(document, given), value);
  if (isLosslessNumber(value)) {
    if (schema?.format === "decimal") return new Amount(value.value);
    // A number no schema describes (inside a batch result's body, or a field a newer server
    // added) may be an amount: with a fraction it stays exact, as it does in the other
    // clients; an integer is a plain number.
    if (schema === undefined && /[.eE]/.test(value.value)) return new Amount(value.value);
    return value.valueOf();
  }
  if (Array.isArray(value)) {
    return value.map((item) => decode(document, schema?.items, item));
  }
  if (value !== null && typeof value === "object") {
    const extra = schema?.additionalProperties;
    const decoded: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      const fieldSchema = schema?.properties?.[key] ?? (typeof extra === "object" ? extra : undefined);
      decoded[key] = decode(document, fieldSchema, field);
    }
    return decoded;
  }
  return value;
}
