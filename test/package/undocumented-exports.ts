/**
 * Public exports that had no doc comment when the doc-comment test was added.
 * The list may only shrink: a new export without a comment fails the test, and
 * so does a name here once it has one (remove it from the list).
 */
export const UNDOCUMENTED_AT_START: readonly string[] = [
  "CROSSCHECK_DEFAULT_SIZE",
  "CROSSCHECK_QUICK_SIZE",
  "CallsFormat",
  "CrosscheckFamily",
  "Dangling",
  "DbStateAssertion",
  "DomainFixtures",
  "DomainInput",
  "Finding",
  "FuzzProfile",
  "InitContext",
  "JsonObject",
  "LlmBotSpec",
  "Manifest",
  "ParsedCalls",
  "PydanticError",
  "RefDbs",
  "RefRules",
  "ReferenceSpec",
  "RunEvent",
  "ScenarioInput",
  "SuccessSignal",
  "ValidationContext",
  "crosscheckConsoleText",
  "crosscheckMarkdown",
  "dbDiff",
];
