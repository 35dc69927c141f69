// Generates the TypeScript types of docs/openapi.json with openapi-typescript, mapping every
// amount (`type: number, format: decimal`) to decimal.js's Decimal instead of `number`, so the
// types say what exact-decimals.ts delivers at run time (decisions.md §1).
//
//   node generate.mjs <openapi.json> <output .ts>
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error("usage: node generate.mjs <openapi.json> <output .ts>");
  process.exit(2);
}

const DECIMAL = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Decimal"));

const ast = await openapiTS(pathToFileURL(input), {
  inject: 'import type { Decimal } from "decimal.js";\n',
  transform(schemaObject) {
    return schemaObject.format === "decimal" ? DECIMAL : undefined;
  },
});
writeFileSync(output, astToString(ast));
// The document is read once more only to say what was generated.
const document = JSON.parse(readFileSync(input, "utf8"));
console.log(`generated ${output} from ${input} (OpenAPI ${document.openapi}, ${Object.keys(document.paths).length} paths)`);
