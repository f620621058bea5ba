import { describe, expect, it } from "vitest";
import { dbDiffHtml, diffRows } from "../../src/report/db-diff-html.js";

describe("DB diff rows", () => {
  it("lists hashed tables' paths first, then the unhashed ones marked as not deciding the verdict", () => {
    const rows = diffRows({
      tables_added: ["session", "extra"],
      tables_removed: ["gone"],
      tables_modified: {
        users: {
          records_added: ["u9"],
          records_removed: [],
          records_modified: { u1: { fields_added: ["nick"], fields_removed: ["age"], fields_modified: { name: { type: "value_mismatch", expected: "Ann", actual: "Anne" } } } },
        },
        flights: { type: "list_length_mismatch", expected_length: 2, actual_length: 3, expected: [1, 2], actual: [1, 2, 3] },
      },
    });
    expect(rows.map((r) => [r.path, r.change])).toEqual([
      ["extra", "table present, not expected"],
      ["gone", "table expected, missing"],
      ["users.u9", "record present, not expected"],
      ["users.u1.nick", "present, not expected"],
      ["users.u1.age", "expected, missing"],
      ["users.u1.name", "changed"],
      ["flights", "2 → 3 items"],
      ["session", "table present, not expected (not hashed: does not decide the verdict)"],
    ]);
  });

  it("follows list differences by index and names type changes", () => {
    const rows = diffRows({
      tables_added: [],
      tables_removed: [],
      tables_modified: { orders: { records_added: [], records_removed: [], records_modified: { o1: { fields_added: [], fields_removed: [], fields_modified: { items: { type: "list_differences", differences: [{ index: 1, diff: { type: "type_mismatch", expected_type: "int", actual_type: "str", expected: 1, actual: "1" } }] } } } } } },
    });
    expect(rows).toEqual([{ path: "orders.o1.items[1]", change: "type int → str", expected: 1, actual: "1" }]);
  });
});

describe("DB diff HTML", () => {
  it("marks the words that differ in text values, escaped", () => {
    const html = dbDiffHtml({ tables_added: [], tables_removed: [], tables_modified: { users: { type: "value_mismatch", expected: "gold <card>", actual: "silver <card>" } } });
    expect(html).toBe(
      '<table class="dbdiff"><thead><tr><th>path</th><th>change</th><th>expected</th><th>actual</th></tr></thead><tbody>' +
        '<tr><td class="path"><code>users</code></td><td>changed</td><td><pre>"<del>gold</del> &lt;card&gt;"</pre></td><td><pre>"<ins>silver</ins> &lt;card&gt;"</pre></td></tr></tbody></table>',
    );
  });

  it("an empty diff says so rather than drawing an empty table", () => {
    expect(dbDiffHtml({ tables_added: [], tables_removed: [], tables_modified: {} })).toBe('<p class="muted">The DB diff is empty: the hashes differ in a way the diff does not show.</p>');
  });
});
