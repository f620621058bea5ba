import { describe, expect, it } from "vitest";
import { formatDiff } from "../../src/cli/format-diff.js";

describe("formatDiff", () => {
  it("says so when nothing differs", () => {
    expect(formatDiff({ tables_added: [], tables_removed: [], tables_modified: {} })).toBe("no differences\n");
  });

  it("writes a line per change, hashed tables first and `session` apart as not hashed", () => {
    const text = formatDiff({
      tables_added: ["extras", "session"],
      tables_removed: ["old"],
      tables_modified: {
        session: { type: "non_dict_table", expected: 1, actual: 2 },
        users: {
          records_added: ["u9"],
          records_removed: ["u1"],
          records_modified: {
            u2: {
              fields_added: ["nickname"],
              fields_removed: ["fax"],
              fields_modified: {
                name: { type: "value_mismatch", expected: "Ann", actual: "Anne" },
                age: { type: "type_mismatch", expected: 30, expected_type: "int", actual: "30", actual_type: "str" },
                tags: { type: "list_length_mismatch", expected_length: 2, actual_length: 3 },
                pets: { type: "list_differences", differences: [{ index: 1, diff: { type: "value_mismatch", expected: "cat", actual: "dog" } }] },
              },
            },
          },
        },
      },
    });
    expect(text).toBe(
      [
        "+ table extras",
        "- table old",
        "  + users.u9",
        "  - users.u1",
        "  + users.u2.nickname",
        "  - users.u2.fax",
        '  ~ users.u2.name: "Ann" -> "Anne"',
        '  ~ users.u2.age: 30 (int) -> "30" (str)',
        "  ~ users.u2.tags: list length 2 -> 3",
        '  ~ users.u2.pets[1]: "cat" -> "dog"',
        "not hashed (does not decide the verdict):",
        "+ table session",
        "  ~ session: 1 -> 2",
        "",
      ].join("\n"),
    );
  });

  it("cuts a long value to 200 characters", () => {
    const long = "x".repeat(300);
    const text = formatDiff({ tables_added: [], tables_removed: [], tables_modified: { t: { type: "non_dict_table", expected: long, actual: 1 } } });
    expect(text).toBe(`  ~ t: "${"x".repeat(196)}... -> 1\n`);
  });
});
