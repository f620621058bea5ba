/** The report's stylesheet, inlined into the page. */
export const REPORT_CSS = `
:root { --pass: #1a7f37; --fail: #cf222e; --err: #9a6700; --muted: #6e7781; --line: #d0d7de; --bg2: #f6f8fa; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: #1f2328; }
header { padding: 12px 20px; border-bottom: 1px solid var(--line); background: var(--bg2); }
header h1 { font-size: 18px; margin: 0; }
header .muted, .path { overflow-wrap: anywhere; }
main { padding: 12px 20px 40px; max-width: 1360px; }
h2 { font-size: 16px; margin: 22px 0 8px; }
table { border-collapse: collapse; margin: 6px 0; }
th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
table.list { width: 100%; table-layout: fixed; }
col.c-name { width: 32%; } col.c-domain { width: 13%; } col.c-trial { width: 4.5em; } col.c-status { width: 6.5em; } col.c-cat { width: 8.5em; } col.c-change { width: 11em; }
th[data-sort] { cursor: pointer; user-select: none; }
th[data-sort].asc::after { content: " ▲"; } th[data-sort].desc::after { content: " ▼"; }
table.folded tr.later { display: none; }
table.unfolded tr.later { display: table-row; }
.banner { border: 1px solid var(--err); background: #fff8c5; padding: 8px 12px; margin: 10px 0; border-radius: 6px; }
.pager { display: flex; gap: 14px; align-items: center; flex-wrap: wrap; }
.decides { border-left: 4px solid var(--fail); padding-left: 10px; }
th { background: var(--bg2); font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.muted { color: var(--muted); }
.passed { color: var(--pass); font-weight: 600; }
.failed { color: var(--fail); font-weight: 600; }
.errored { color: var(--err); font-weight: 600; }
.regressed { color: var(--fail); font-weight: 600; }
.fixed { color: var(--pass); font-weight: 600; }
.filters { display: flex; gap: 10px; flex-wrap: wrap; align-items: center; margin: 8px 0; }
.filters select, .filters input { font: inherit; padding: 2px 4px; }
table.list tbody tr[data-id] { cursor: pointer; }
table.list tbody tr[data-id]:hover td { background: #eef4ff; }
a { color: #0969da; }
pre { white-space: pre-wrap; word-break: break-word; margin: 0; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
.chat { display: flex; flex-direction: column; gap: 6px; max-width: 900px; }
.bubble { padding: 6px 10px; border-radius: 10px; max-width: 75%; white-space: pre-wrap; }
.bubble.agent { background: #ddf4ff; align-self: flex-start; }
.bubble.user { background: #e6ffec; align-self: flex-end; }
.who { font-size: 11px; color: var(--muted); }
details.tool { align-self: flex-start; max-width: 85%; border: 1px solid var(--line); border-radius: 6px; padding: 2px 8px; background: #fff; }
details.tool.user { align-self: flex-end; }
details.tool summary { cursor: pointer; font-family: ui-monospace, monospace; font-size: 12px; }
details.tool.bad summary { color: var(--fail); }
details.tool.decisive { border: 2px solid var(--fail); }
details.tool.decisive summary { color: var(--fail); font-weight: 600; }
.note { align-self: center; font-size: 12px; color: var(--muted); }
.note.error { color: var(--fail); }
details.block { margin: 6px 0; }
details.block > summary { cursor: pointer; font-weight: 600; }
table.dbdiff td.path { white-space: nowrap; }
/* Expected is what should be (green), actual what is wrong (red). */
del { background: #abf2bc; text-decoration: none; }
ins { background: #ffc1c0; text-decoration: none; }
.actions { display: flex; gap: 16px; flex-wrap: wrap; }
.actions > div { flex: 1 1 380px; }
.missing { background: #fff1f0; }
button { font: inherit; }
`;
