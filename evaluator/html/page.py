"""The HTML report page: one self-contained file (inline CSS and JS, no network), every
piece of run data escaped. Filters are a small inline script; opening a case is a native
<details>, so the page reads without JavaScript too."""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from html import escape

from evaluator.html.view import CaseView, MetricView, ReportView
from ragoro.render import HIGHLIGHT_CSS

_CSS = (
    """
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.2em 2em; color: #222; }
h1 { font-size: 1.4em; margin: 0 0 .2em; } h2 { font-size: 1.15em; margin-top: 1.4em; }
.meta { color: #555; margin: 0; }
table { border-collapse: collapse; }
th, td { border-bottom: 1px solid #ddd; padding: .25em .6em; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.neg { color: #b00020; font-weight: 600; } .pos { color: #1b7f3b; }
#filters { position: sticky; top: 0; background: #fff; padding: .5em 0; border-bottom: 1px solid #ccc; }
#filters label, #filters select { margin-right: 1em; }
details.case { border: 1px solid #ddd; border-radius: 4px; margin: .35em 0; }
details.case > summary { cursor: pointer; padding: .35em .6em; list-style: revert; }
details.case[open] > summary { background: #f6f6f6; }
details.case .body { padding: .3em 1em 1em; }
.cid { font-family: ui-monospace, monospace; color: #555; margin-right: .6em; }
.chip { display: inline-block; font-size: 11px; border-radius: 3px; padding: 0 .35em; margin-left: .25em; }
.chip.pass { background: #d9f2df; } .chip.fail { background: #f8d0d5; }
.chip.unscored { background: #e6e6e6; } .chip.flip { background: #b00020; color: #fff; }
.qa th { width: 10em; color: #555; font-weight: normal; }
.answer { white-space: pre-wrap; }
.reason { color: #333; }
.docpath { font-family: ui-monospace, monospace; margin: .8em 0 .2em; }
"""
    + HIGHLIGHT_CSS
)

_SCRIPT = """
(function () {
  var byId = function (id) { return document.getElementById(id); };
  var cases = Array.prototype.slice.call(document.querySelectorAll('details.case'));
  var data = cases.map(function (c) {
    return { el: c, failed: JSON.parse(c.dataset.failed), metrics: JSON.parse(c.dataset.metrics),
             tags: JSON.parse(c.dataset.tags), flipped: JSON.parse(c.dataset.flipped) };
  });
  function has(list, metric) { return metric ? list.indexOf(metric) >= 0 : list.length > 0; }
  function apply() {
    var failed = byId('f-failed').checked, flipped = byId('f-flipped').checked;
    var metric = byId('f-metric').value, tag = byId('f-tag').value, shown = 0;
    data.forEach(function (d) {
      var ok = (!metric || d.metrics.indexOf(metric) >= 0) && (!failed || has(d.failed, metric))
        && (!flipped || has(d.flipped, metric)) && (!tag || d.tags.indexOf(tag) >= 0);
      d.el.hidden = !ok;
      if (ok) { shown += 1; }
    });
    byId('shown').textContent = shown + ' of ' + data.length + ' cases shown';
  }
  function openTarget() {
    var target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (target && target.tagName === 'DETAILS') { target.hidden = false; target.open = true; }
  }
  ['f-failed', 'f-flipped', 'f-metric', 'f-tag'].forEach(function (id) {
    byId(id).addEventListener('change', apply);
  });
  window.addEventListener('hashchange', openTarget);
  apply();
  openTarget();
})();
"""


def _script_hash() -> str:
    digest = hashlib.sha256(_SCRIPT.encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


def _delta(value: float | None) -> str:
    if value is None:
        return "<td class='num'>—</td>"
    css = "neg" if value < 0 else "pos" if value > 0 else ""
    sign = "+" if value > 0 else ""
    return f"<td class='num {css}'>{sign}{value * 100:.1f} pt</td>"


def _case_links(ids: list[str], anchors: Mapping[str, str]) -> str:
    return ", ".join(f"<a href='#{anchors[i]}'>{escape(i)}</a>" for i in ids if i in anchors)


def _summary(metrics: list[MetricView], anchors: Mapping[str, str]) -> str:
    rows = []
    for m in metrics:
        rows.append(
            f"<tr data-metric='{escape(m.name)}'><td>{escape(m.name)}</td>"
            f"<td class='num'>{_pct(m.pass_rate)}</td><td class='num'>{m.passed}/{m.total}</td>"
            f"<td class='num'>{m.unscored}</td><td class='num'>{_pct(m.baseline)}</td>"
            f"{_delta(m.delta)}<td class='flipped'>{_case_links(m.flipped, anchors)}</td>"
            f"<td>{_case_links(m.fixed, anchors)}</td></tr>"
        )
    head = (
        "<tr><th>metric</th><th>pass rate</th><th>passed</th><th>unscored</th>"
        "<th>baseline</th><th>delta</th><th>flipped pass→fail</th><th>fixed fail→pass</th></tr>"
    )
    return f"<table id='summary'>{head}{''.join(rows)}</table>"


def _options(values: list[str], blank: str) -> str:
    opts = [f"<option value=''>{escape(blank)}</option>"]
    opts += [f"<option value='{escape(v)}'>{escape(v)}</option>" for v in values]
    return "".join(opts)


def _filters(view: ReportView) -> str:
    metrics = [m.name for m in view.metrics]
    return (
        "<div id='filters'><label><input type='checkbox' id='f-failed'> failed only</label>"
        "<label><input type='checkbox' id='f-flipped'> flipped since the baseline</label>"
        f"<label>metric <select id='f-metric'>{_options(metrics, 'any metric')}</select></label>"
        f"<label>tag <select id='f-tag'>{_options(view.tags, 'any tag')}</select></label>"
        "<span id='shown'></span></div>"
    )


def _chips(case: CaseView) -> str:
    chips = []
    for metric, verdict in case.verdicts.items():
        state = "unscored" if verdict.passed is None else "pass" if verdict.passed else "fail"
        mark = {"pass": "✓", "fail": "✗", "unscored": "?"}[state]
        # A passing metric is a bare tick; what failed or went unscored is named.
        label = mark if state == "pass" else f"{mark} {escape(metric)}"
        chips.append(f"<span class='chip {state}' title='{escape(metric)}'>{label}</span>")
    if case.flipped:
        chips.append("<span class='chip flip'>flipped</span>")
    return "".join(chips)


def _verdicts(case: CaseView) -> str:
    rows = []
    for metric, verdict in case.verdicts.items():
        state = "unscored" if verdict.passed is None else "pass" if verdict.passed else "fail"
        value = "—" if verdict.value is None else f"{verdict.value:.2f}"
        flip = "flipped pass→fail" if metric in case.flipped else ""
        flip = "fixed fail→pass" if metric in case.fixed else flip
        rows.append(
            f"<tr data-metric='{escape(metric)}' class='{state}'><td>{escape(metric)}</td>"
            f"<td><span class='chip {state}'>{state}</span></td><td class='num'>{value}</td>"
            f"<td class='reason'>{escape(verdict.reason)}</td><td>{flip}</td></tr>"
        )
    head = "<tr><th>metric</th><th>verdict</th><th>value</th><th>reason</th><th></th></tr>"
    return f"<table class='verdicts'>{head}{''.join(rows)}</table>"


def _qa(case: CaseView) -> str:
    item, outcome = case.item, case.outcome
    refs = "".join(f"<li class='answer'>{escape(r)}</li>" for r in item.references)
    expected = f"<ul class='expected'>{refs}</ul>" if refs else "<em>none (refusal case)</em>"
    answer = escape(outcome.answer) if outcome else ""
    rows = [
        f"<tr><th>question</th><td class='question'>{escape(item.question)}</td></tr>",
        f"<tr><th>expected</th><td>{expected}</td></tr>",
        f"<tr><th>agent answer</th><td class='answer agent-answer'>{answer}</td></tr>",
        f"<tr><th>case type</th><td>{escape(item.case_type)}</td></tr>",
    ]
    if outcome and outcome.error:
        rows.append(f"<tr><th>agent error</th><td class='neg'>{escape(outcome.error)}</td></tr>")
    if outcome and outcome.citations:
        cited = ", ".join(escape(c) for c in outcome.citations)
        rows.append(f"<tr><th>cited</th><td>{cited}</td></tr>")
    return f"<table class='qa'>{''.join(rows)}</table>"


def _documents(case: CaseView) -> str:
    if not case.documents and not case.contexts_unplaced:
        return "<p><em>no passages and no retrieved contexts</em></p>"
    parts = [
        "<p class='legend'><mark class='gold'>golden passage</mark> "
        "<mark class='ctx'>retrieved context</mark> <mark class='gold ctx'>both</mark></p>"
    ]
    for doc in case.documents:
        body = doc.html or f"<p><em>{escape(doc.missing)}</em></p>"
        parts.append(
            f"<div class='doc' data-path='{escape(doc.path)}'>"
            f"<div class='docpath'>{escape(doc.path)}</div>{body}</div>"
        )
    for context in case.contexts_unplaced:
        parts.append(
            f"<div class='doc unplaced'><div class='docpath'>{escape(context.document_path)} "
            "(retrieved context not found in the indexed text)</div>"
            f"<pre><mark class='ctx'>{escape(context.text)}</mark></pre></div>"
        )
    return "".join(parts)


def _case(case: CaseView, anchor: str) -> str:
    attrs = {
        "failed": case.failed,
        "metrics": list(case.verdicts),
        "tags": [
            *(f"{k}={v}" for k, v in case.item.tags.items()),
            f"case_type={case.item.case_type}",
        ],
        "flipped": case.flipped,
    }
    data = " ".join(f"data-{k}='{escape(json.dumps(v))}'" for k, v in attrs.items())
    return (
        f"<details class='case' id='{anchor}' data-case='{escape(case.item.id)}' {data}>"
        f"<summary><span class='cid'>{escape(case.item.id)}</span>"
        f"<span class='q'>{escape(case.item.question)}</span>{_chips(case)}</summary>"
        f"<div class='body'>{_qa(case)}{_verdicts(case)}{_documents(case)}</div></details>"
    )


def _header(view: ReportView) -> str:
    r = view.report
    judge = r.judge + (f" ({r.judge_model})" if r.judge_model else "")
    gate = f"baseline entry {view.baseline_key}" if view.baseline_key else "no baseline entry"
    meta = (
        f"agent {r.agent} · judge {judge} · {r.n_cases} cases from {r.golden_path} · "
        f"{gate} · started {r.started_at or 'unknown'}"
    )
    extra = f"fabrication count {r.fabrication_count} · unscored verdicts {r.unscored_count}"
    if r.grade is not None and r.grade.mean is not None:
        extra += f" · LLM grade {r.grade.mean:.1f}/10 ({r.grade.band})"
    return f"<h1>ragoro report</h1><p class='meta'>{escape(meta)}</p><p class='meta'>{escape(extra)}</p>"


def page_pieces(
    view: ReportView, cases: Iterable[CaseView], anchors: Mapping[str, str]
) -> Iterator[str]:
    """The page in pieces, one per case: `view` gives the header, summary and filters,
    `cases` are rendered as they come (the n-th gets anchor case-n), and `anchors` names
    the anchor of each case the summary links to."""
    policy = f"default-src 'none'; style-src 'unsafe-inline'; script-src '{_script_hash()}'"
    yield (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<meta http-equiv='Content-Security-Policy' content=\"{policy}\">"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>ragoro report · {escape(view.report.agent)}</title><style>{_CSS}</style></head>"
        f"<body>{_header(view)}<h2>Metrics</h2>{_summary(view.metrics, anchors)}"
        f"<h2>Cases</h2>{_filters(view)}<div id='cases'>"
    )
    for number, case in enumerate(cases):
        yield _case(case, f"case-{number}")
    yield f"</div><script>{_SCRIPT}</script></body></html>\n"


def render_page(view: ReportView) -> str:
    """The whole report as one HTML document (no external resource of any kind)."""
    anchors = {case.item.id: f"case-{n}" for n, case in enumerate(view.cases)}
    return "".join(page_pieces(view, view.cases, anchors))
