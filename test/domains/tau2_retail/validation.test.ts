// Expected values come from running the reference tools (tau2_retail_tools.py) under pydantic 2.13.
import { describe, expect, it } from "vitest";
import { tau2RetailAgentTools } from "../../../src/domains/tau2_retail/tools/index.js";
import { toolSpec } from "../../../src/engine/json-schema.js";
import { session } from "./harness.js";
import { miniDb } from "./mini-db.js";
import { REFERENCE_RETAIL_SCHEMAS } from "./reference-schemas.js";

const validationError = (details: { field: string; error: string; type: string }[]) => ({
  status: "error",
  error_type: "validation_error",
  message: "Tool arguments failed validation.",
  details,
});

describe("argument validation", () => {
  it("reports field errors in field order, then unknown arguments", () => {
    const s = session();
    expect(s.call("CancelPendingOrderTool", { order_id: "#W0000001", reason: 3, note: "x" }).result).toStrictEqual(
      validationError([
        { field: "reason", error: "Input should be a valid string", type: "string_type" },
        { field: "note", error: "Extra inputs are not permitted", type: "extra_forbidden" },
      ]),
    );
    expect(s.call("CancelPendingOrderTool", {}).result).toStrictEqual(
      validationError([
        { field: "order_id", error: "Field required", type: "missing" },
        { field: "reason", error: "Field required", type: "missing" },
      ]),
    );
    expect(s.db).toStrictEqual(miniDb());
  });

  it("checks list arguments and their elements", () => {
    const out = session().call("ExchangeDeliveredOrderItemsTool", {
      order_id: "#W0000002",
      item_ids: "2000000001",
      new_item_ids: [2000000002],
      payment_method_id: null,
    });
    expect(out.result).toStrictEqual(
      validationError([
        { field: "item_ids", error: "Input should be a valid list", type: "list_type" },
        { field: "new_item_ids.0", error: "Input should be a valid string", type: "string_type" },
        { field: "payment_method_id", error: "Input should be a valid string", type: "string_type" },
      ]),
    );
  });

  it("does not coerce numbers to strings, and rejects arguments to argument-less tools", () => {
    const s = session();
    expect(s.call("GetOrderDetailsTool", { order_id: 1 }).result).toStrictEqual(
      validationError([{ field: "order_id", error: "Input should be a valid string", type: "string_type" }]),
    );
    expect(s.call("ListAllProductTypesTool", { category: "shoes" }).result).toStrictEqual(
      validationError([{ field: "category", error: "Extra inputs are not permitted", type: "extra_forbidden" }]),
    );
  });

  it("reports a missing or empty DB after validating the arguments", () => {
    const notLoaded = {
      status: "error",
      error_type: "db_not_initialized",
      message: "Scenario database not loaded. This indicates a fixture-loading bug.",
    };
    const s = session({});
    expect(s.call("GetUserDetailsTool", { user_id: "ann_lee_1" }).result).toStrictEqual(notLoaded);
    expect(s.call("ListAllProductTypesTool", {}).result).toStrictEqual(notLoaded);
    expect(s.call("GetUserDetailsTool", {}).result).toStrictEqual(
      validationError([{ field: "user_id", error: "Field required", type: "missing" }]),
    );
  });
});

describe("what the LLM sees", () => {
  const retailTools = tau2RetailAgentTools.filter((t) => t.name !== "EndConversationTool");

  it("has one tool per reference class, in the reference's order, plus EndConversationTool", () => {
    expect(tau2RetailAgentTools.map((t) => t.name)).toStrictEqual([...Object.keys(REFERENCE_RETAIL_SCHEMAS), "EndConversationTool"]);
  });

  it.each(retailTools.map((t) => [t.name, t] as const))("%s: description, properties and required match", (name, tool) => {
    const reference = REFERENCE_RETAIL_SCHEMAS[name];
    const fn = toolSpec(tool)["function"] as { description: string; parameters: { properties: object; required: string[] } };
    expect(fn.description).toBe(reference?.description);
    // Key order matters too: it is the order the LLM reads the parameters in.
    expect(JSON.stringify(fn.parameters.properties)).toBe(JSON.stringify(reference?.properties));
    expect(fn.parameters.required).toStrictEqual(reference?.required);
  });

  it("records under the snake_case names of the reference's name map", () => {
    expect(Object.fromEntries(retailTools.map((t) => [t.actionName, t.name]))).toStrictEqual({
      find_user_id_by_name_zip: "FindUserIdByNameZipTool",
      find_user_id_by_email: "FindUserIdByEmailTool",
      get_order_details: "GetOrderDetailsTool",
      get_product_details: "GetProductDetailsTool",
      get_item_details: "GetItemDetailsTool",
      get_user_details: "GetUserDetailsTool",
      list_all_product_types: "ListAllProductTypesTool",
      cancel_pending_order: "CancelPendingOrderTool",
      exchange_delivered_order_items: "ExchangeDeliveredOrderItemsTool",
      modify_pending_order_address: "ModifyPendingOrderAddressTool",
      modify_pending_order_items: "ModifyPendingOrderItemsTool",
      modify_pending_order_payment: "ModifyPendingOrderPaymentTool",
      modify_user_address: "ModifyUserAddressTool",
      return_delivered_order_items: "ReturnDeliveredOrderItemsTool",
      calculate: "CalculateTool",
      transfer_to_human_agents: "TransferToHumanAgentsTool",
    });
  });
});
