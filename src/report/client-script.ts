/**
 * The report's script, inlined into the page. It reads the JSON data block,
 * renders the scenario list a page at a time, and builds a scenario page only
 * when it is opened, decompressing that trial's details then
 * (DecompressionStream, no library). Everything is built with DOM calls and
 * textContent; the only HTML strings inserted are the DB diff tables, which
 * the generator escaped. Text is shown with its control characters and
 * bidirectional overrides as visible escapes, as evalsim prints them.
 */
import { CONTROLS } from "../json/control-chars.js";

export const REPORT_SCRIPT = String.raw`
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var rows = data.rows;
  var PAGE = 200;
  var shown = PAGE;
  var cache = {};

  var CONTROL = new RegExp("[${CONTROLS}]", "g");
  function visible(s) {
    return String(s).replace(CONTROL, function (c) {
      var n = c.charCodeAt(0);
      return n < 0x100 ? "\\x" + ("0" + n.toString(16)).slice(-2) : "\\u" + ("000" + n.toString(16)).slice(-4);
    });
  }
  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) {
      if (k === "text") e.textContent = visible(attrs[k]);
      else if (k === "cls") e.className = attrs[k];
      else e.setAttribute(k, attrs[k]);
    }
    (children || []).forEach(function (c) { if (c !== null && c !== undefined) e.appendChild(typeof c === "string" ? document.createTextNode(visible(c)) : c); });
    return e;
  }
  function json(v) { return JSON.stringify(v, null, 2); }
  function short(v) { var t = typeof v === "string" ? v : JSON.stringify(v); return t.length > 90 ? t.slice(0, 89) + "\u2026" : t; }

  function inflate(b64) {
    var bin = atob(b64);
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text();
  }
  function detail(id) {
    if (!cache[id]) cache[id] = inflate(data.details[id]).then(JSON.parse);
    return cache[id];
  }
  function text(i) {
    if (i === null || i === undefined) return Promise.resolve(null);
    var key = "t" + i;
    if (!cache[key]) cache[key] = inflate(data.texts[i]);
    return cache[key];
  }

  // ---- list and filters ----
  var f = { domain: document.getElementById("f-domain"), status: document.getElementById("f-status"), signal: document.getElementById("f-signal"), change: document.getElementById("f-change"), search: document.getElementById("f-search") };
  function matches(r) {
    if (f.domain.value && r.d !== f.domain.value) return false;
    if (f.status.value && r.s !== f.status.value) return false;
    if (f.signal.value && r.f.indexOf(f.signal.value) < 0) return false;
    if (f.change && f.change.value && r.c !== f.change.value) return false;
    var q = f.search.value.trim().toLowerCase();
    if (q && (r.n + " " + (r.r || "")).toLowerCase().indexOf(q) < 0) return false;
    return true;
  }
  var sortKey = null;
  var sortDir = 1;
  function sorted(list) {
    if (!sortKey) return list;
    return list.slice().sort(function (a, b) {
      var x = a[sortKey], y = b[sortKey];
      if (x === undefined || x === null) x = "";
      if (y === undefined || y === null) y = "";
      var c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y), "en", { numeric: true });
      return c * sortDir || a.id - b.id;
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll("#list th[data-sort]"), function (th) {
    th.addEventListener("click", function () {
      var k = th.getAttribute("data-sort");
      sortDir = sortKey === k ? -sortDir : 1;
      sortKey = k;
      Array.prototype.forEach.call(document.querySelectorAll("#list th[data-sort]"), function (o) { o.className = o === th ? (sortDir > 0 ? "asc" : "desc") : ""; });
      renderList();
    });
  });
  function renderList() {
    var body = document.getElementById("rows");
    var hits = sorted(rows.filter(matches));
    var frag = document.createDocumentFragment();
    hits.slice(0, shown).forEach(function (r) {
      var tr = el("tr", { "data-id": String(r.id) }, [
        el("td", {}, [el("a", { href: "#s=" + r.id, text: r.n })]),
        el("td", { text: r.d }),
        el("td", { cls: "num", text: String(r.t) }),
        el("td", { cls: r.s, text: r.s }),
        data.compare ? el("td", { cls: r.c || "", text: r.c || "" }) : null,
        el("td", { cls: "reason", text: r.r || "" })
      ]);
      frag.appendChild(tr);
    });
    body.textContent = "";
    body.appendChild(frag);
    document.getElementById("count").textContent = hits.length + " of " + rows.length + " trials" + (hits.length > shown ? ", showing " + shown : "");
    document.getElementById("more").hidden = hits.length <= shown;
  }
  Object.keys(f).forEach(function (k) { if (f[k]) f[k].addEventListener("input", function () { shown = PAGE; renderList(); }); });
  document.getElementById("more").addEventListener("click", function () { shown += PAGE; renderList(); });
  // Any row of a scenario table opens its page, not only the name's link.
  document.getElementById("overview").addEventListener("click", function (e) {
    var tr = e.target.closest("table.list tbody tr[data-id]");
    if (tr && tr.getAttribute("data-id") !== "" && e.target.tagName !== "A") location.hash = "s=" + tr.getAttribute("data-id");
  });
  Array.prototype.forEach.call(document.querySelectorAll("button.show-all"), function (b) {
    b.addEventListener("click", function () { document.getElementById(b.getAttribute("data-table")).className = "list unfolded"; b.hidden = true; });
  });
  var failures = rows.filter(function (r) { return r.s !== "passed"; }).map(function (r) { return r.id; });

  // ---- scenario page ----
  function transcript(events, diag) {
    var chat = el("div", { cls: "chat" });
    var calls = {};
    var step = -1;
    events.forEach(function (e) {
      if (e.type === "message") {
        chat.appendChild(el("div", { cls: "bubble " + e.side }, [el("div", { cls: "who", text: e.side + " \u00b7 " + e.t + "s" }), e.text]));
      } else if (e.type === "tool_call") {
        step++;
        var decisive = diag && diag.step === step;
        var attrs = { cls: "tool " + e.side + (decisive ? " decisive" : "") };
        if (decisive) attrs.id = "decisive-call";
        var d = el("details", attrs, [el("summary", { text: (decisive ? "decisive \u00b7 step " + step + " \u00b7 " + diag.kind.replace(/_/g, " ") + ": " : "") + (e.side === "user" ? "phone: " : "") + e.name + "(" + short(e.arguments) + ")" }), el("div", { cls: "who", text: "arguments" }), el("pre", { text: json(e.arguments) })]);
        if (decisive) d.open = true;
        calls[e.id] = d;
        chat.appendChild(d);
      } else if (e.type === "tool_result") {
        var target = calls[e.id];
        var res = [el("div", { cls: "who", text: "result (" + e.status + ")" }), el("pre", { text: typeof e.result === "string" ? e.result : json(e.result) })];
        if (target) { res.forEach(function (x) { target.appendChild(x); }); if (e.status !== "ok") target.className += " bad"; var s = target.querySelector("summary"); s.textContent += " \u2192 " + visible(e.status); }
        else chat.appendChild(el("details", { cls: "tool " + e.side }, [el("summary", { text: e.name + " result" })].concat(res)));
      } else if (e.type === "sync") {
        chat.appendChild(el("details", { cls: "note" }, [el("summary", { text: "sync between agent and user DBs" + (e.errors && e.errors.length ? " (" + e.errors.length + " error(s))" : "") }), el("pre", { text: json(e.deltas) + (e.errors && e.errors.length ? "\n" + e.errors.join("\n") : "") })]));
      } else if (e.type === "model_reply") {
        // What the reply held beyond what was said: thinking, a cut, a refusal; its texts folded.
        var held = (e.thinking ? "thinking:\n" + e.thinking + "\n\n" : "") + (e.reasoning ? "reasoning:\n" + e.reasoning + "\n\n" : "") + (e.refusal ? "refusal:\n" + e.refusal : "");
        chat.appendChild(held ? el("details", { cls: "note reply" }, [el("summary", { text: e.note }), el("pre", { text: held.trim() })]) : el("div", { cls: "note reply", text: e.note }));
      } else if (e.type === "error") {
        chat.appendChild(el("div", { cls: "note error", text: e.side + " error: " + e.message }));
      } else if (e.type === "end") {
        chat.appendChild(el("div", { cls: "note", text: "end: " + e.reason + (e.side ? " (" + e.side + ")" : "") + " at " + e.t + "s" }));
      }
    });
    return chat;
  }
  // The decisive step, the gold call it should have been, and the counterfactual: what would have passed.
  function diagnosisView(g) {
    var box = el("div", { cls: "signal decides diagnosis" });
    box.appendChild(el("h3", { text: g.kind.replace(/_/g, " ") + (g.step === null ? " (no call made)" : " at step " + g.step + (g.turn === null ? "" : ", after " + g.turn + " spoken turn(s)")) }));
    if (g.call) box.appendChild(el("div", {}, [el("div", { cls: "who", text: "call made" + (g.step === null ? "" : " (marked in the conversation)") }), el("pre", { text: g.call.name + " " + json(g.call.arguments) })]));
    if (g.expected) box.appendChild(el("div", {}, [el("div", { cls: "who", text: "gold had" }), el("pre", { text: g.expected.name + " " + json(g.expected.arguments) })]));
    if (g.argument) box.appendChild(el("p", { text: "first differing argument " + g.argument.path + ": expected " + JSON.stringify(g.argument.expected) + ", got " + JSON.stringify(g.argument.got) }));
    if (g.rule) box.appendChild(el("p", { text: "policy rule " + g.rule }));
    var cf = g.counterfactual;
    if (cf) {
      var kept = cf.after_step < 0 ? "none of the trial's calls" : "the trial's calls through step " + cf.after_step;
      box.appendChild(el("p", { cls: "muted", text: "Counterfactual: " + kept + ", then the gold writes below, reach a DB that passes (agent DB hash " + cf.db_hash + "); from the decisive step on, no such completion does." }));
      var ol = el("ol");
      (cf.completed_with || []).forEach(function (c) { ol.appendChild(el("li", {}, [el("pre", { text: c.name + " " + json(c.arguments) })])); });
      box.appendChild(ol);
    }
    return box;
  }
  function actionsView(ref, done) {
    var performed = (done || []).map(function (a) { return JSON.stringify([a.name, a.arguments || a.kwargs || {}]); });
    function list(title, items, mark) {
      var ol = el("ol");
      (items || []).forEach(function (a) {
        var key = JSON.stringify([a.name, a.arguments || a.kwargs || {}]);
        ol.appendChild(el("li", { cls: mark && performed.indexOf(key) < 0 ? "missing" : "" }, [el("pre", { text: a.name + " " + json(a.arguments || a.kwargs || {}) })]));
      });
      return el("div", {}, [el("h4", { text: title + " (" + (items || []).length + ")" }), ol]);
    }
    return el("div", { cls: "actions" }, [list("reference actions (not performed exactly: shaded)", ref, true), list("performed actions", done, false)]);
  }
  function assertionsView(vs) {
    var t = el("table", {}, [el("tr", {}, ["predicate", "side", "verdict", "expected", "actual", "message"].map(function (h) { return el("th", { text: h }); }))]);
    vs.forEach(function (v) {
      t.appendChild(el("tr", {}, [el("td", {}, [el("code", { text: String(v.func_name) })]), el("td", { text: String(v.side || "") }), el("td", { cls: v.passed ? "passed" : "failed", text: v.passed ? "passed" : "failed" }), el("td", {}, [el("pre", { text: json(v.expected) })]), el("td", {}, [el("pre", { text: json(v.actual) })]), el("td", { text: v.error || (v.message === null || v.message === undefined ? "" : String(v.message)) })]));
    });
    return t;
  }
  function collapsed(title, idx) {
    var d = el("details", { cls: "block" }, [el("summary", { text: title })]);
    var loaded = false;
    d.addEventListener("toggle", function () {
      if (loaded || !d.open) return;
      loaded = true;
      text(idx).then(function (t) { d.appendChild(el("pre", { text: t === null ? "(not in the run folder)" : t })); });
    });
    return d;
  }
  function valueText(s, d) {
    if (s.signal === "db_state_assertion" && d.assertions) {
      var ok = d.assertions.filter(function (v) { return v.passed; }).length;
      return ok + " of " + d.assertions.length + " predicates passed";
    }
    if (s.signal === "checks" && s.value) return s.value.passed ? "every declared check met" : "a declared check was not met";
    return "value " + JSON.stringify(s.value);
  }
  // The signals that decided the verdict come first; evidence of a signal that did not fail is folded.
  function signalsView(d) {
    var box = el("div");
    var order = d.signals.filter(function (s) { return s.verdict === "failed"; }).concat(d.signals.filter(function (s) { return s.verdict !== "failed"; }));
    order.forEach(function (s) {
      var cls = s.verdict === "passed" ? "passed" : s.verdict === "failed" ? "failed" : "muted";
      var sec = el("div", { cls: "signal" + (s.verdict === "failed" ? " decides" : ""), "data-signal": s.signal }, [el("h3", {}, [s.signal + ": ", el("span", { cls: cls, text: s.verdict.replace("_", " ") }), el("span", { cls: "muted", text: "  " + valueText(s, d) })])]);
      if (s.signal === "db_state_match") {
        if (d.metrics.db_state_expected_hash) sec.appendChild(el("p", { cls: "muted", text: "expected hash " + d.metrics.db_state_expected_hash + ", actual " + d.metrics.db_state_actual_hash }));
        if (d.diff_html) {
          var w = el("div", { cls: "diff" });
          w.innerHTML = d.diff_html;
          sec.appendChild(s.verdict === "failed" ? w : el("details", { cls: "block" }, [el("summary", { text: "DB diff (this signal did not fail)" }), w]));
        }
      }
      if (s.signal === "db_state_assertion" && d.assertions) sec.appendChild(assertionsView(d.assertions));
      if (s.signal === "is_action_match" && (d.reference || d.performed)) {
        var acts = actionsView(d.reference, d.performed);
        sec.appendChild(s.verdict === "failed" ? acts : el("details", { cls: "block" }, [el("summary", { text: "reference and performed actions (this signal did not fail)" }), acts]));
      }
      if (s.signal === "nl_assertion" && d.judge) sec.appendChild(el("pre", { text: json(d.judge) }));
      if (s.signal === "clean_exit") sec.appendChild(el("p", { text: "stop reason: " + d.metrics.stop_reason }));
      if (s.signal === "checks" && s.value) sec.appendChild(el("pre", { text: json(s.value) }));
      box.appendChild(sec);
    });
    return box;
  }
  function showScenario(id) {
    var page = document.getElementById("scenario");
    page.textContent = "loading\u2026";
    detail(id).then(function (d) {
      var r = rows[id];
      page.textContent = "";
      var at = failures.indexOf(id);
      var before = failures.filter(function (x) { return x < id; });
      var after = failures.filter(function (x) { return x > id; });
      var prev = before.length ? before[before.length - 1] : null;
      var next = after.length ? after[0] : null;
      page.appendChild(el("p", { cls: "pager" }, [
        el("a", { href: "#", text: "\u2190 all scenarios" }),
        prev === null ? el("span", { cls: "muted", text: "\u2039 previous failure" }) : el("a", { href: "#s=" + prev, id: "prev-failure", text: "\u2039 previous failure" }),
        next === null ? el("span", { cls: "muted", text: "next failure \u203a" }) : el("a", { href: "#s=" + next, id: "next-failure", text: "next failure \u203a" }),
        el("span", { cls: "muted", text: at >= 0 ? "failure " + (at + 1) + " of " + failures.length : failures.length + " failures in the run" })
      ]));
      page.appendChild(el("h2", { text: d.name + (r.t > 1 || data.trials > 1 ? " \u00b7 trial " + d.trial : "") }));
      if (d.description) page.appendChild(el("p", { cls: "muted", text: typeof d.description === "string" ? d.description : JSON.stringify(d.description) }));
      var m = d.metrics;
      page.appendChild(el("p", {}, [el("span", { cls: m.status, text: m.status }), "  \u00b7 stop reason " + m.stop_reason + " \u00b7 " + m.total_turns + " turns \u00b7 " + m.tool_calls + " tool calls \u00b7 " + m.duration_seconds + " s" + (r.c ? " \u00b7 " + r.c : "")]));
      if (d.reason) page.appendChild(el("p", { cls: "reason " + m.status, text: d.reason }));
      if (d.imported) page.appendChild(el("p", { cls: "reason " + (d.imported.agrees === false ? "failed" : "muted"), id: "imported", text: d.imported.text }));
      if (d.policy) {
        var pol = el("div", { cls: "policy" }, [el("h3", { text: "Policy violations (" + d.policy.length + ")" })]);
        d.policy.forEach(function (v) { pol.appendChild(el("p", { cls: "reason", text: v })); });
        page.appendChild(pol);
      }
      if (m.status === "errored") {
        // An errored trial has no verdict: the error is what to read; its signals are folded.
        page.appendChild(el("h2", { text: "Error" }));
        page.appendChild(el("pre", { cls: "errored", text: m.error ? (typeof m.error === "object" && m.error.message ? m.error.message + "\n\n" + json(m.error) : json(m.error)) : "stop reason " + m.stop_reason }));
        page.appendChild(el("details", { cls: "block" }, [el("summary", { text: "Signals (not a verdict: the trial errored)" }), signalsView(d)]));
      } else {
        if (d.diagnosis) {
          page.appendChild(el("h2", { text: "Diagnosis" }));
          page.appendChild(diagnosisView(d.diagnosis));
        }
        page.appendChild(el("h2", { text: "Signals" }));
        page.appendChild(signalsView(d));
      }
      page.appendChild(el("h2", { text: "Conversation" }));
      page.appendChild(transcript(d.events, d.diagnosis));
      page.appendChild(el("h2", { text: "Configuration" }));
      page.appendChild(collapsed("agent prompt", d.agent_prompt));
      page.appendChild(collapsed("user prompt", d.user_prompt));
      page.appendChild(collapsed("agent tools", d.agent_tools));
      page.appendChild(collapsed("user tools", d.user_tools));
      page.appendChild(el("details", { cls: "block" }, [el("summary", { text: "metrics" }), el("pre", { text: json(m) })]));
    });
  }

  function route() {
    var m = /^#s=(\d+)$/.exec(location.hash);
    var id = m ? Number(m[1]) : -1;
    var scenario = id >= 0 && id < rows.length;
    document.getElementById("overview").hidden = scenario;
    document.getElementById("scenario").hidden = !scenario;
    if (scenario) { showScenario(id); window.scrollTo(0, 0); }
  }
  window.addEventListener("hashchange", route);
  renderList();
  route();
})();
`;
