// Preloaded (`node --require`) into a process the benchmark spawns: at exit it
// writes that process's CPU time and peak RSS to the file named by
// EVALSIM_BENCH_PROBE, leaving its stdout and stderr untouched.
"use strict";
const { writeFileSync } = require("node:fs");

const target = process.env.EVALSIM_BENCH_PROBE;
if (target) {
  process.on("exit", () => {
    const u = process.resourceUsage();
    writeFileSync(target, JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, peakRssMb: u.maxRSS / 1024 }));
  });
}
