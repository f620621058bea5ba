/**
 * `str(pydantic.ValidationError)`, which the telecom tools return verbatim as
 * the `message` of an `invalid_arguments` error.
 */
import { inputRepr, inputTypeName, type PydanticError } from "../../engine/binding/pydantic-errors.js";

/** The pydantic release the reference ran under; it is part of every error URL. */
const PYDANTIC_DOCS_VERSION = "2.13";

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

function isContinuationByte(b: number | undefined): boolean {
  return b !== undefined && (b & 0xc0) === 0x80;
}

/**
 * pydantic-core shortens an `input_value` longer than 50 UTF-8 bytes to its
 * first 25 and last 24 bytes, moving each cut to a character boundary.
 */
function truncateInputValue(text: string): string {
  const bytes = utf8.encode(text);
  if (bytes.length <= 50) return text;
  let head = 25;
  while (head > 0 && isContinuationByte(bytes[head])) head--;
  let tail = bytes.length - 24;
  while (tail < bytes.length && isContinuationByte(bytes[tail])) tail++;
  return `${utf8Decoder.decode(bytes.subarray(0, head))}...${utf8Decoder.decode(bytes.subarray(tail))}`;
}

function errorBlock(e: PydanticError): string {
  // pydantic-core puts a key holding a '.' in backticks, so the dotted path stays readable.
  const where = e.loc.map((k) => (typeof k === "string" && k.includes(".") ? `\`${k}\`` : String(k))).join(".");
  const detail = `[type=${e.type}, input_value=${truncateInputValue(inputRepr(e))}, input_type=${inputTypeName(e)}]`;
  const url = `https://errors.pydantic.dev/${PYDANTIC_DOCS_VERSION}/v/${e.type}`;
  return `${where}\n  ${e.msg} ${detail}\n    For further information visit ${url}`;
}

/**
 * pydantic validates the declared fields first (in declaration order, which is
 * also zod's) and reports unexpected keys after them.
 */
export function validationErrorMessage(title: string, errors: readonly PydanticError[]): string {
  const ordered = [...errors.filter((e) => e.type !== "extra_forbidden"), ...errors.filter((e) => e.type === "extra_forbidden")];
  const count = `${ordered.length} validation error${ordered.length === 1 ? "" : "s"} for ${title}`;
  return [count, ...ordered.map(errorBlock)].join("\n");
}

/** The telecom tools' `validation_error_response`. */
export function invalidArguments(title: string, errors: readonly PydanticError[]): { status: "error"; error_type: "invalid_arguments"; message: string } {
  return { status: "error", error_type: "invalid_arguments", message: validationErrorMessage(title, errors) };
}
