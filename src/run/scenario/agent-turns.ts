/**
 * `--min-agent-turns N`: a scenario whose agent answered fewer than N times
 * stalled; it fails, and its signals are left out of the run's rates (the
 * reference's RunAggregator.add_scenario). N = 0 turns the rule off.
 */
export function tooFewAgentTurns(agentTurns: number, minAgentTurns: number): boolean {
  return minAgentTurns > 0 && agentTurns < minAgentTurns;
}
