import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/** The official ISO 20022 XSDs we validate against (../shared/schemas/iso20022, beside the repository). */
const SCHEMA_DIRECTORY = fileURLToPath(new URL('../../../shared/schemas/iso20022/', import.meta.url));

export type Iso20022Schema = 'pain.001.001.09' | 'camt.053.001.08' | 'camt.054.001.08';

const schemas = new Map<Iso20022Schema, Promise<string>>();

function schemaText(schema: Iso20022Schema): Promise<string> {
  let text = schemas.get(schema);
  if (!text) {
    text = readFile(`${SCHEMA_DIRECTORY}${schema}.xsd`, 'utf8');
    schemas.set(schema, text);
  }
  return text;
}

/**
 * What libxml2 (xmllint-wasm, no network) finds wrong with a document against the official XSD of
 * a message: empty when the document is valid. A document that is not well-formed XML is reported
 * the same way; a schema that cannot be read or compiled throws.
 */
export async function xsdProblems(xml: string, schema: Iso20022Schema): Promise<string[]> {
  const contents = await schemaText(schema);
  try {
    const result = await validateXML({
      xml: [{ fileName: 'document.xml', contents: xml }],
      schema: [{ fileName: `${schema}.xsd`, contents }],
    });
    return result.valid ? [] : result.errors.map((error) => error.message);
  } catch (error) {
    // xmllint exits with 1 when the document does not parse; the Promise rejects with its stderr.
    if (error instanceof Error && (error as { code?: unknown }).code === 1) {
      return error.message.split('\n').filter((line) => line.trim() !== '');
    }
    throw error;
  }
}
