/**
 * tau2_retail's policy rules: the sentences of policy.md that a call and the
 * DB before it decide and that the tools themselves do not already enforce
 * (a tool that refuses the call keeps the rule: a refused call changes nothing).
 */
import type { PolicyCallView, PolicyRule } from "../../../engine/policy-rule.js";
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { isJsonObject } from "../../../json/types.js";
import { child, findOrder, findUser, text } from "../tools/lookup.js";

/** The calls that change the DB on a user's behalf. */
const WRITES = [
  "cancel_pending_order",
  "modify_pending_order_address",
  "modify_pending_order_payment",
  "modify_pending_order_items",
  "return_delivered_order_items",
  "exchange_delivered_order_items",
  "modify_user_address",
] as const;

const str = (v: JsonValue | undefined): string => (typeof v === "string" ? v : "");

/** The user a write acts for: the order's owner, or the `user_id` argument. */
function actedFor(db: JsonObject, call: PolicyCallView): string | undefined {
  if (call.tool === "modify_user_address") {
    const id = str(call.args["user_id"]).toLowerCase();
    return findUser(db, id) ? id : undefined;
  }
  const order = findOrder(db, str(call.args["order_id"]));
  const owner = order ? str(order["user_id"]) : "";
  return owner === "" ? undefined : owner.toLowerCase();
}

/** The user an identity lookup found, read from the DB as the lookup tool reads it. */
function located(db: JsonObject, call: PolicyCallView): string | undefined {
  const users = child(db, "users") ?? {};
  for (const [id, user] of Object.entries(users)) {
    if (!isJsonObject(user)) continue;
    if (call.tool === "find_user_id_by_email" && text(user, "email").toLowerCase() === str(call.args["email"]).toLowerCase()) return id;
    if (call.tool === "find_user_id_by_name_zip") {
      const name = child(user, "name");
      if (
        text(name, "first_name").toLowerCase() === str(call.args["first_name"]).toLowerCase() &&
        text(name, "last_name").toLowerCase() === str(call.args["last_name"]).toLowerCase() &&
        text(child(user, "address"), "zip") === str(call.args["zip"])
      )
        return id;
    }
  }
  return undefined;
}

export const authenticateFirst: PolicyRule = {
  id: "retail.auth.locate-user-first",
  policy: {
    section: "Retail agent policy",
    sentence: "At the beginning of the conversation, you have to authenticate the user identity by locating their user id via email, or via name + zip code. This has to be done even when the user already provides the user id.",
  },
  tools: WRITES,
  needs: "conversation",
  check({ call, db, before }) {
    const user = actedFor(db, call);
    if (user === undefined) return null;
    const lookups = before.filter((c) => c.ok === true && (c.tool === "find_user_id_by_email" || c.tool === "find_user_id_by_name_zip"));
    if (lookups.some((c) => located(db, c) === user)) return null;
    return { facts: { user, "located by email or name and zip": lookups.map((c) => located(db, c) ?? "nobody") } };
  },
};

export const oneUser: PolicyRule = {
  id: "retail.user.one-per-conversation",
  policy: {
    section: "Retail agent policy",
    sentence: "You can only help one user per conversation (but you can handle multiple requests from the same user), and must deny any requests for tasks related to any other user.",
  },
  tools: WRITES,
  check({ call, db, before }) {
    const user = actedFor(db, call);
    if (user === undefined) return null;
    const others = new Set<string>();
    for (const c of before) {
      if (c.ok !== true || !(WRITES as readonly string[]).includes(c.tool)) continue;
      const u = actedFor(db, c);
      if (u !== undefined && u !== user) others.add(u);
    }
    return others.size === 0 ? null : { facts: { user, "users acted for earlier": [...others] } };
  },
};

export const modifyPendingOnly: PolicyRule = {
  id: "retail.modify.pending-only",
  policy: {
    section: "Modify pending order",
    sentence: "An order can only be modified if its status is 'pending'. (Modify items:) The agent will not be able to modify or cancel the order anymore.",
  },
  tools: ["modify_pending_order_address", "modify_pending_order_payment"],
  check({ call, db }) {
    const order = findOrder(db, str(call.args["order_id"]));
    if (!order) return null;
    const status = str(order["status"]);
    return status === "pending" ? null : { facts: { order: str(order["order_id"]), status } };
  },
};

export const exchangeDifferentItem: PolicyRule = {
  id: "retail.exchange.different-item",
  policy: {
    section: "Exchange delivered order",
    sentence: "For a delivered order, each item can be exchanged to an available new item of the same product but of different product option.",
  },
  tools: ["exchange_delivered_order_items"],
  check({ call }) {
    const olds = call.args["item_ids"];
    const news = call.args["new_item_ids"];
    if (!Array.isArray(olds) || !Array.isArray(news)) return null;
    const same = olds.filter((id, i) => typeof id === "string" && id === news[i]).map((id) => String(id));
    return same.length === 0 ? null : { facts: { order: str(call.args["order_id"]), "items exchanged for themselves": same } };
  },
};

export const retailPolicyRules: readonly PolicyRule[] = [authenticateFirst, oneUser, modifyPendingOnly, exchangeDifferentItem];
