/**
 * evalsim's public API: everything the CLI does is a call of these. Named
 * exports only; a domain written against them is a plugin (`--domains`).
 */
export { z } from "zod";

// Values and their Python-exact text.
export type { JsonObject, JsonValue } from "./json/types.js";

// Authoring a domain.
export { defineDomain, type DomainInput, type ScenarioInput } from "./engine/define.js";
export { defineScenario } from "./domains/shared/define-scenario.js";
export { defineTool, isErrorResult, SIDES } from "./engine/types.js";
export type { ActionRecord, AnyToolDef, Side, ToolCall, ToolContext, ToolDef, ToolResult } from "./engine/types.js";
export type { Rng } from "./engine/rng.js";
export type { ScenarioVoice } from "./engine/channel/types.js";
export { endConversationTool } from "./engine/end-conversation.js";
// Argument types with pydantic 2's lax coercion ("300" for an int or a float, "yes" for a bool), as the reference's parameter models bind them.
export { laxBool, laxFloat, laxInt, pyAnyDict, pyStr } from "./engine/binding/lax.js";
export type {
  ArgumentErrorFormatter,
  Domain,
  InitContext,
  InitFunction,
  Predicate,
  RegistryOrigin,
  SideDeltas,
  SyncSpec,
} from "./engine/domain.js";
export type { CallMatcher, DbStateAssertion, InitRecord, Scenario, ScenarioChecks, SuccessSignal, UserBrief } from "./engine/scenario.js";
export type { ChecksInput } from "./engine/scenario-checks-input.js";
export type { DomainDivergence } from "./engine/domain.js";
export { DIVERGENCE_KINDS, promptLeaks } from "./engine/authoring-check.js";
export { ReadToolWroteError, ToolBugError } from "./engine/dispatch.js";
export { StaleDraftError } from "./engine/workspace.js";
export type { DataFile, DomainFixtures, ReferenceGroup, ReferencedCall, ReferenceSpec } from "./engine/data-checks/layout.js";
export type { Dangling, RefDbs, RefRule, RefRules } from "./engine/data-checks/reference-rules.js";
export type { Check, Finding, Severity, ValidationContext } from "./engine/data-checks/types.js";
export type { FieldPath, FieldSpec, FuzzProfile, ParityCrash, PlanHints } from "./engine/fuzz-profile.js";
export { factsText, type PolicyCallView, type PolicyCheckContext, type PolicyCitation, type PolicyFact, type PolicyFacts, type PolicyFinding, type PolicyRule } from "./engine/policy-rule.js";
export type { CallObserver, ObservedCall } from "./engine/call-observer.js";
export type { PydanticError } from "./engine/binding/pydantic-errors.js";

// Registries, catalogs, the built-in domains and plugins.
export { createRegistry, type Registry } from "./engine/registry.js";
export { domains as builtinDomains } from "./domains/index.js";
export { loadCatalog, domainsFor, selectScenarios, SelectionError, type Catalog, type CatalogEntry, type Selection } from "./engine/catalog.js";
export { resolveDataRoot, DataRootError, type DataRootOptions } from "./loaders/data-root.js";
export { FixtureError } from "./loaders/load-db.js";

// Conversations and bots.
export { runConversation, type ConversationOptions, type ConversationResult } from "./engine/conversation/conversation.js";
export type { Bot } from "./engine/conversation/types.js";
export { createOracleAgent, createReplayAgent, createScriptedAgent } from "./engine/bots/oracle.js";
export { createScriptedUser } from "./engine/bots/scripted-user.js";
export { createLlmAgent, createLlmBot, createLlmUser, type LlmBotOptions, type LlmBotSpec } from "./engine/bots/llm-bot.js";
export { goldReplay, type GoldReplay } from "./replay/gold.js";

// Hashing, diffs, replay and gold verification.
export { dbHash as canonicalHash, canonicalJson, summaryHash } from "./hash/db/index.js";
export { computeDbDiff as dbDiff, type DbDiff } from "./scoring/diff.js";
export { verifyGold, rowFailed, type GoldOptions, type GoldRow, type RefusedGoldCall } from "./replay/gold-verify.js";
export type { AssertionVerdict } from "./engine/assertions.js";
export type { CallVerdict, ChecksVerdict, CommunicateVerdict } from "./scoring/declared-checks.js";
export { replayCalls, type ReplayResult, type ReplayedCall } from "./replay/replay-calls.js";
// The decisive step of a failed trial (docs/diagnosis.md).
export { diagnoseTrial, type DiagnoseInput } from "./diagnosis/diagnose.js";
export { diagnoseTranscript, type TrialFacts } from "./diagnosis/trial.js";
export { DIAGNOSIS_KINDS, type Diagnosis, type DiagnosisKind, type StepViolation } from "./diagnosis/types.js";
export { tallyDiagnoses, failureKindsText, type FailureKinds } from "./diagnosis/tally.js";
export { premiseHolds } from "./diagnosis/premise.js";
export { diagnoseRun, type RunDiagnosis, type DiagnosedTrial } from "./results/diagnose-run.js";
export { checkIfTaskSuccess } from "./scoring/action-match.js";
export { checkPolicy, watchPolicy, type CallWithDb, type PolicyViolation, type PolicyWatch } from "./scoring/policy/check.js";
export { auditPolicy, goldPolicyViolations, type PolicyAuditFinding, type PolicyAuditResult } from "./audit/policy.js";

// Fixture validation and property tests of a domain.
export { validateFixtures, validateFixturesWithAudit, type ValidateOptions } from "./validate/validate-fixtures.js";
export type { ValidationReport } from "./validate/report.js";
export { fuzzDomain, type FuzzFailure, type FuzzOptions, type FuzzTally, type ToolTally } from "./fuzz/run-fuzz.js";

// Runs of a suite: planning, resume, concurrency, the run folder.
export { runSuite, type SuiteRequest, type SuiteResult } from "./run/suite.js";
export { createRunControl, type RunControl } from "./run/control.js";
export type { RunEvent } from "./run/events.js";
export { RunLockedError } from "./run/folder/lock.js";
export { RunInterruptedError, RunSetupError } from "./run/setup-error.js";
export { RunFolderRefusedError } from "./run/folder/guard.js";
export { mergeRuns, MergeError, MergeIncompleteError, MergeStoppedError, type MergeRequest } from "./run/merge/folders.js";
export { mergeCassettes } from "./run/merge/cassettes.js";

// The reference harness's own Python beside evalsim (`evalsim crosscheck`).
export { runCrosscheck, CROSSCHECK_DOMAINS, type CrosscheckOptions } from "./crosscheck/crosscheck.js";
export { FAMILIES as CROSSCHECK_FAMILIES, type Family as CrosscheckFamily } from "./crosscheck/families.js";
export type { CrosscheckReport } from "./crosscheck/report.js";
export { consoleText as crosscheckConsoleText, markdownText as crosscheckMarkdown } from "./crosscheck/report.js";
export { DEFAULT as CROSSCHECK_DEFAULT_SIZE, QUICK as CROSSCHECK_QUICK_SIZE, type CrosscheckSize } from "./crosscheck/sizes.js";

// Plugins and evalsim.config: how the CLI builds its registry.
export { buildRegistry, domainsOf, loadDomainModule, PluginError } from "./plugins/load.js";
export { CONFIG_FILES, readConfig, type EvalsimConfig, type OptionDefault } from "./plugins/config.js";
export { ScenarioDefinitionError, SUCCESS_SIGNALS } from "./engine/scenario.js";
export { checkScenario, domainScenarios } from "./engine/scenario-check.js";

// More bots, the voice channel, scoring.
export { createNoopAgent } from "./engine/bots/noop.js";
export { CHANNEL_NAMES, channelProfile, ChannelError, createChannel, presetProfile, type Channel, type ChannelProfile } from "./engine/channel/index.js";
export { scoreScenario } from "./scoring/signals.js";
export { divergenceFor, loadKnownDivergences, type KnownDivergence } from "./loaders/known-divergences.js";

// Python-exact JSON and calls files.
export { JsonDepthError, JsonSyntaxError, parsePythonJson } from "./json/parse.js";
// A dict's keys in Python's insertion order (JavaScript lists numeric keys first): for tools that walk a DB table.
export { pyEntries, pyKeys, pyValues } from "./json/py-key-order.js";
export { CALL_FORMATS, CallsFileError, parseCallsDocument, parseCallsText, type CallsFormat, type ParsedCalls } from "./replay/calls-file.js";
export { importRun, type ImportRequest, type ImportResult, type ImportedScenario } from "./import/import-run.js";
export { IMPORT_FORMATS, ImportError, type ImportFormat } from "./import/types.js";

// Results: reading run folders, CI files, comparing runs, the HTML report.
export { readRunFolder, RunFolderError, type RunFolder, type TrialRecord } from "./results/read-run.js";
export { runJunit } from "./results/junit.js";
export { runMarkdown } from "./results/markdown.js";
export { formatFailureList } from "./results/failure-list.js";
export { compareRuns, gateFails, type Comparison, type FailOn } from "./compare/compare.js";
export { CompareError } from "./compare/comparable.js";
export { formatComparison } from "./compare/format.js";
export { compareJunit, compareMarkdown } from "./compare/ci.js";
export { buildReport, type ReportOptions } from "./report/build.js";
export { formatReport, reportFailed } from "./validate/report.js";

// Prompt packs and the inaction audit.
export { applyPromptPack, buildPromptPack, parsePromptPack, PromptPackError, readPromptPack, type PromptPack } from "./engine/prompt-pack.js";
export { diffPromptPack } from "./engine/prompt-pack-diff.js";
export { auditInaction, auditScenario, flagged, type InactionResult } from "./audit/inaction.js";

// LLM configs and cassettes.
export { loadLlmConfig, LlmConfigError, parseLlmConfig, type LlmConfig } from "./llm/config.js";
export { pingEndpoint } from "./llm/ping.js";
export { verifyCassetteDir } from "./llm/cassette-verify.js";

// Fixture data: fetching and the manifest.
export { fetchFixtures, type FetchOptions } from "./loaders/fetch.js";
export { buildManifest, readManifest, verifyDataRoot, type Manifest } from "./loaders/manifest.js";

// The new-domain scaffold.
export { ScaffoldError, writeScaffold } from "./scaffold/write.js";
