// Expected values come from running the reference tools (tau2_retail_tools.py) on mini-db.ts.
import { describe, expect, it } from "vitest";
import { session } from "../harness.js";

const notFound = (message: string) => ({ status: "error", error_type: "not_found", message });

describe("FindUserIdByNameZipTool", () => {
  it("matches names case-insensitively and the zip exactly", () => {
    const s = session();
    expect(s.call("FindUserIdByNameZipTool", { first_name: "ann", last_name: "LEE", zip: "10001" }).result).toStrictEqual({
      status: "success",
      user_id: "ann_lee_1",
    });
    expect(s.call("find_user_id_by_name_zip", { first_name: "Ann", last_name: "Lee", zip: "10002" }).result).toStrictEqual(
      notFound("User not found"),
    );
  });
});

describe("FindUserIdByEmailTool", () => {
  it("matches the email case-insensitively", () => {
    const s = session();
    expect(s.call("FindUserIdByEmailTool", { email: "ann.lee@EXAMPLE.com" }).result).toStrictEqual({
      status: "success",
      user_id: "ann_lee_1",
    });
    expect(s.call("FindUserIdByEmailTool", { email: "nobody@example.com" }).result).toStrictEqual(notFound("User not found"));
  });
});

describe("GetUserDetailsTool", () => {
  it("looks the user id up lower-cased and returns the stored user", () => {
    const out = session().call("GetUserDetailsTool", { user_id: "Bob_Ray_2" });
    expect(out.status).toBe("ok");
    expect(out.records).toStrictEqual([]);
    expect(out.result).toStrictEqual({
      user_id: "bob_ray_2",
      name: { first_name: "Bob", last_name: "Ray" },
      address: { address1: "1 Main St", address2: "Apt 2", city: "Springfield", country: "USA", state: "IL", zip: "20002" },
      email: "bob@example.com",
      payment_methods: {
        gift_card_2: { source: "gift_card", id: "gift_card_2", balance: 0.12 },
        paypal_2: { source: "paypal", id: "paypal_2" },
      },
      orders: ["#W0000006", "#W0000008"],
    });
  });

  it("names the raw id when the user is unknown, including inherited object keys", () => {
    const s = session();
    expect(s.call("GetUserDetailsTool", { user_id: "nobody" }).result).toStrictEqual(notFound("User nobody not found"));
    expect(s.call("GetUserDetailsTool", { user_id: "constructor" }).result).toStrictEqual(notFound("User constructor not found"));
  });
});
