/**
 * YAML's duplicate-key check in linear time. The yaml package's own
 * (`uniqueKeys: true`) compares each key with every key before it in its
 * mapping, so a file of 50,000 keys took 17 s and the 16 MiB input cap
 * admitted hours. Files are parsed with `uniqueKeys: false` and checked here
 * with a set per mapping, under the package's own rule (two scalar keys are
 * the same when their values are `===`) and in its words.
 */
import type { Document, ParsedNode } from "yaml";
import { isMap, isPair, isScalar, isSeq } from "yaml";
import { lineAndColumn } from "./load-db.js";

/** A scalar key's identity under `===` (NaN equals nothing, -0 equals 0); undefined for a key never equal to another. */
function keyIdentity(key: unknown): string | undefined {
  if (!isScalar(key)) return undefined;
  const v = key.value;
  if (typeof v === "number" && Number.isNaN(v)) return undefined;
  return `${typeof v}:${String(v)}`;
}

/** The first repeated key of any mapping in the document, as the yaml package words it, with its offset; undefined when none. */
export function duplicateKey(doc: Document.Parsed<ParsedNode>, text: string): { message: string; offset: number } | undefined {
  let first: number | undefined;
  const todo: unknown[] = [doc.contents];
  while (todo.length > 0) {
    const node = todo.pop();
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const item of node.items) {
        const id = keyIdentity(item.key);
        if (id !== undefined && seen.has(id)) {
          const at = (item.key as { range?: [number, number, number] }).range?.[0] ?? 0;
          if (first === undefined || at < first) first = at;
        } else if (id !== undefined) seen.add(id);
        todo.push(item.key, item.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) todo.push(item);
    } else if (isPair(node)) {
      todo.push(node.key, node.value);
    }
  }
  if (first === undefined) return undefined;
  const { line, column } = lineAndColumn(text, first);
  return { message: `Map keys must be unique at line ${line}, column ${column}`, offset: first };
}
