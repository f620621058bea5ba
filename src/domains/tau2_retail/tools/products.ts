/** The catalogue: product types, products and their item variants. */
import { z } from "zod";
import { pyStr } from "../../../engine/binding/lax.js";
import { defineTool } from "../../../engine/types.js";
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { isJsonObject } from "../../../json/types.js";
import { pyValues } from "../../../json/py-key-order.js";
import { compareCodePoints, pyJsonString } from "../../../json/py-string.js";
import { child, field, findItem, findProduct, notFound } from "./lookup.js";

export const getProductDetailsTool = defineTool({
  name: "GetProductDetailsTool",
  actionName: "get_product_details",
  description: "Get the inventory details of a product.",
  args: z.object({
    product_id: pyStr().describe(
      "The product id, such as '6086499569'. Be careful the product id is different from the item id.",
    ),
  }),
  kind: "read",
  run(db, args) {
    return findProduct(db, args.product_id) ?? notFound(`Product ${args.product_id} not found`);
  },
});

export const getItemDetailsTool = defineTool({
  name: "GetItemDetailsTool",
  actionName: "get_item_details",
  description: "Get the inventory details of an item.",
  args: z.object({
    item_id: pyStr().describe(
      "The item id, such as '6086499569'. Be careful the item id is different from the product id.",
    ),
  }),
  kind: "read",
  run(db, args) {
    return findItem(db, args.item_id) ?? notFound(`Item ${args.item_id} not found`);
  },
});

export const listAllProductTypesTool = defineTool({
  name: "ListAllProductTypesTool",
  actionName: "list_all_product_types",
  description:
    "List the name and product id of all product types. Each product type has a variety of different items with " +
    "unique item ids and options. There are only 50 product types in the store.",
  args: z.object({}),
  kind: "read",
  run(db) {
    // A later product with the same name replaces an earlier one's id, as in a dict comprehension.
    const idByName = new Map<string, JsonValue>();
    for (const product of pyValues(child(db, "products") ?? {})) {
      if (!isJsonObject(product)) continue;
      idByName.set(productName(product), field(product, "product_id") ?? null);
    }
    return { status: "success", product_types: dumpSortedNameMap(idByName) };
  },
});

function productName(product: JsonObject): string {
  const name = field(product, "name");
  if (typeof name !== "string") throw new TypeError(`retail DB: product ${JSON.stringify(field(product, "product_id") ?? null)} has no name`);
  return name;
}

/** `json.dumps(d, sort_keys=True)` with Python's default separators, for a name → id map. */
function dumpSortedNameMap(idByName: ReadonlyMap<string, JsonValue>): string {
  const names = [...idByName.keys()].sort(compareCodePoints);
  const parts = names.map((name) => `${pyJsonString(name)}: ${scalarJson(idByName.get(name) ?? null)}`);
  return `{${parts.join(", ")}}`;
}

function scalarJson(v: JsonValue): string {
  if (typeof v === "string") return pyJsonString(v);
  if (v === null) return "null";
  throw new TypeError(`retail DB: product id ${JSON.stringify(v)} is not a string`);
}
