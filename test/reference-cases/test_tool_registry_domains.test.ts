/**
 * The reference's tests/unit/test_tool_registry_domains.py: tools are
 * looked up per domain, one name may live in two domains, a name clash
 * within a domain is refused, the shared harness tool (EndConversationTool,
 * the reference's "default" bucket) is found from every domain, and an
 * unknown name is not found. evalsim's registry is each domain value's tool
 * lists (findTool); the decorator spellings are not applicable.
 */
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { evaAirline } from "../../src/domains/eva_airline/index.js";
import { tau2Airline } from "../../src/domains/tau2_airline/index.js";
import { defineDomain } from "../../src/engine/define.js";
import { findTool } from "../../src/engine/toolbox.js";
import { defineTool } from "../../src/engine/types.js";

const stub = (name: string) => defineTool({ name, description: "stub", args: z.object({}), kind: "read", run: () => ({}) });
const domainOf = (name: string, tools: ReturnType<typeof stub>[]) => defineDomain({ name, tools: { agent: tools }, scenarios: () => [] });

describe("per-domain tool lookup", () => {
  it("test_cross_domain_identical_names_register_independently", () => {
    const t1 = stub("CrossDomainStubTool");
    const t2 = stub("CrossDomainStubTool");
    expect(findTool(domainOf("test_domain_a", [t1]), "agent", "CrossDomainStubTool")).toBe(t1);
    expect(findTool(domainOf("test_domain_b", [t2]), "agent", "CrossDomainStubTool")).toBe(t2);
  });
  it("test_within_domain_collision_raises", () => {
    const d = domainOf("test_domain", [stub("RegistryStubA"), stub("RegistryStubA")]);
    expect(() => findTool(d, "agent", "RegistryStubA")).toThrow(/test_domain.*RegistryStubA/);
  });
  it("test_lookup_falls_back_to_default_with_warning", () => {
    for (const d of registry.domains) expect(findTool(d, "agent", "EndConversationTool")?.name).toBe("EndConversationTool");
  });
  it("test_lookup_raises_when_absent_from_both_domain_and_default", () => {
    expect(findTool(domainOf("bogus_domain", [stub("ToolA")]), "agent", "DoesNotExistTool")).toBeUndefined();
  });
  it("test_lookup_in_default_with_unknown_name_raises", () => {
    expect(findTool(domainOf("other_domain", []), "agent", "NonexistentToolXYZ")).toBeUndefined();
  });
  it("test_real_world_eva_vs_tau2_cancel_reservation_no_collision", () => {
    const eva = findTool(evaAirline, "agent", "CancelReservationTool");
    const tau2 = findTool(tau2Airline, "agent", "CancelReservationTool");
    expect(eva).toBeDefined();
    expect(tau2).toBeDefined();
    expect(eva).not.toBe(tau2);
  });
});
