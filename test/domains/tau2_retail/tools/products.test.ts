// Expected values come from running the reference tools (tau2_retail_tools.py) on mini-db.ts.
import { describe, expect, it } from "vitest";
import { session } from "../harness.js";

const notFound = (message: string) => ({ status: "error", error_type: "not_found", message });

describe("GetProductDetailsTool", () => {
  it("returns the stored product", () => {
    expect(session().call("GetProductDetailsTool", { product_id: "1000000002" }).result).toStrictEqual({
      name: "Mug",
      product_id: "1000000002",
      variants: { "3000000001": { item_id: "3000000001", options: { size: "12oz" }, available: true, price: 5.125 } },
    });
  });

  it("reports an unknown product (the id used in the description's example is one)", () => {
    expect(session().call("get_product_details", { product_id: "6086499569" }).result).toStrictEqual(
      notFound("Product 6086499569 not found"),
    );
  });
});

describe("GetItemDetailsTool", () => {
  it("finds a variant in any product", () => {
    expect(session().call("GetItemDetailsTool", { item_id: "3000000001" }).result).toStrictEqual({
      item_id: "3000000001",
      options: { size: "12oz" },
      available: true,
      price: 5.125,
    });
  });

  it("reports empty ids and product ids as unknown items", () => {
    const s = session();
    expect(s.call("GetItemDetailsTool", { item_id: "" }).result).toStrictEqual(notFound("Item  not found"));
    expect(s.call("GetItemDetailsTool", { item_id: "1000000001" }).result).toStrictEqual(notFound("Item 1000000001 not found"));
  });
});

describe("ListAllProductTypesTool", () => {
  it("returns json.dumps of name -> product id, keys sorted, default separators", () => {
    expect(session().call("ListAllProductTypesTool", {}).result).toStrictEqual({
      status: "success",
      product_types: '{"Mug": "1000000002", "T-Shirt": "1000000001"}',
    });
  });

  it("escapes non-ASCII names as json.dumps does", () => {
    // json.dumps({"Caf\u00e9 Mug": "1", "Bowl": None}, sort_keys=True)
    const db = { products: { "1": { name: "Café Mug", product_id: "1" }, "2": { name: "Bowl", product_id: null } } };
    expect(session(db).call("ListAllProductTypesTool", {}).result).toStrictEqual({
      status: "success",
      product_types: '{"Bowl": null, "Caf\\u00e9 Mug": "1"}',
    });
  });
});
