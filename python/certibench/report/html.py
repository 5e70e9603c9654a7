"""Self-contained HTML report: inline SVG charts (:mod:`certibench.report.svg`), inline CSS and
one inline script (the item explorer) - no external stylesheet, script, font or image; it
opens offline.

Sections: models (accuracy beside its majority-class and artifact baselines, SCR, IG, CIR,
Cochran's Q), model x family failure heatmap (each cell links to the items behind it in the
explorer), IG distribution, SCR vs accuracy, correlations (observed beside the permutation
null), the unanimity audit (rankings with/without flagged paraphrases only when it ran), rank
stability, ``--by`` splits, and the item explorer (:mod:`certibench.report.explorer`): per
theorem every item's question, each model's raw answer and verdict, and the certificate,
with filters by family, model, answer and audit flag.

Works from the report dict alone (a saved ``report.json`` re-renders, without the explorer),
or with an :class:`~certibench.report.explorer.Explorer`.  Above
:data:`~certibench.report.explorer.PAGE_BYTES` of explorer data the page embeds a stated
sample of whole theorems and :func:`write_html` writes the full data beside it
(``<name>.explorer.js``, loaded by the page when present).
"""

from __future__ import annotations

import html
import math
import os
from pathlib import Path
from typing import Any
from urllib.parse import quote

from certibench.report.explorer import PAGE_BYTES, Explorer
from certibench.report.svg import (
    INK,
    TAB10,
    Canvas,
    Frame,
    colorbar,
    legend,
    luminance,
    nice_ticks,
    reds,
    text_width,
)

_CSS = """
:root{--fg:#1d2430;--muted:#6b7280;--line:#e3e6eb;--head:#f5f6f8;--ok:#17803d;--bad:#c62828;--warn:#9a6700;--accent:#2f5fb3}
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:var(--fg);line-height:1.45;background:#fff}
main{max-width:1180px;margin:0 auto;padding:1.5em 1.2em 4em}
h1{font-size:1.6em;margin:.2em 0 .3em}h2{font-size:1.25em;border-bottom:1px solid var(--line);padding-bottom:.25em;margin-top:2.2em}
nav.toc{font-size:.9em;margin:.6em 0 1.2em;display:flex;flex-wrap:wrap;gap:.3em 1em}nav.toc a{color:var(--accent);text-decoration:none}
table{border-collapse:collapse;font-size:.86em;margin:.5em 0}
th,td{border:1px solid var(--line);padding:.3em .55em;text-align:right;vertical-align:top}th{background:var(--head);font-weight:600}
td.l,th.l{text-align:left}.muted{color:var(--muted)}.fig{margin:1em 0;overflow-x:auto}.fig svg{max-width:100%;height:auto}
.base{color:var(--muted)}.ci{display:block;font-size:.8em;white-space:nowrap}
.warn{background:#fff8e6;border:1px solid #ecc94b;border-radius:6px;padding:.6em 1em;margin:.8em 0}
.note{font-size:.85em;color:var(--muted);max-width:75em}
.fig a{cursor:pointer}.fig a:hover rect{stroke:#1d2430;stroke-width:2}.fig svg text{pointer-events:none}
#explore .controls{display:flex;flex-wrap:wrap;gap:.5em 1em;align-items:center;background:var(--head);border:1px solid var(--line);border-radius:6px;padding:.6em .8em;position:sticky;top:0;z-index:2}
#explore label{font-size:.88em}#explore select,#explore input[type=search]{font:inherit;font-size:.88em;padding:.15em .3em}
#explore input[type=search]{min-width:16em}
#explore button{font:inherit;font-size:.85em;padding:.2em .8em;cursor:pointer}
#ex-count{font-size:.9em;margin:.6em 0}
.thm{border:1px solid var(--line);border-radius:6px;margin:.9em 0;overflow:hidden}
.thm>header{background:var(--head);padding:.45em .8em;display:flex;flex-wrap:wrap;gap:.4em .8em;align-items:baseline;border-bottom:1px solid var(--line)}
.thm>header b{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.92em}
.tag{font-size:.75em;border:1px solid var(--line);border-radius:9px;padding:0 .5em;background:#fff;color:var(--muted)}
.tag.true{color:var(--ok);border-color:#9fd3b0}.tag.false{color:var(--bad);border-color:#f0a8a8}.tag.flag{color:var(--warn);border-color:#ecc94b;background:#fff8e6}
.thm .scroll{overflow-x:auto}
table.ex{margin:0;width:100%;font-size:.84em;border:none}
table.ex th,table.ex td{text-align:left;border-left:none;border-right:none}
table.ex td.fam{white-space:nowrap;font-weight:600;width:7em}
table.ex td.q{min-width:18em;max-width:38em}
table.ex td.ans{min-width:9em;max-width:16em}
table.ex tr.flag td{background:#fffaf0}
.v{font-weight:700;margin-right:.25em}.v.ok{color:var(--ok)}.v.bad{color:var(--bad)}.v.none{color:var(--muted)}
.raw{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.85em;color:#374151;white-space:pre-wrap;word-break:break-word;margin-top:.15em}
details.cert{margin-top:.35em}details.cert>summary{cursor:pointer;color:var(--accent);font-size:.88em}
.certbox{border-left:3px solid var(--line);padding:.3em .7em;margin:.3em 0;font-size:.92em}
.certbox code,.certbox pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}
.certbox pre{white-space:pre-wrap;word-break:break-word;background:var(--head);padding:.4em;border-radius:4px;max-height:24em;overflow:auto}
.certbox ol{margin:.2em 0 .2em 1.2em;padding:0}.certbox table{font-size:.95em}
.verdict{font-weight:700}.verdict.certified{color:var(--ok)}.verdict.refuted{color:var(--bad)}.verdict.other{color:var(--warn)}
.arrow{color:var(--muted);padding:0 .3em}
"""


def _fmt(v: Any, nd: int = 3) -> str:
    if v is None:
        return "&mdash;"
    if isinstance(v, float):
        return f"{v:.{nd}f}"
    return html.escape(str(v))


def _ci(ci: Any) -> str:
    if not ci or ci[0] is None or ci[1] is None:
        return ""
    return f' <span class="muted ci">[{ci[0]:.3f}, {ci[1]:.3f}]</span>'


def explore_link(model: str | None = None, family: str | None = None, answer: str | None = None) -> str:
    """The fragment that opens the explorer filtered to ``model``/``family``/``answer``."""
    parts = [f"{k}={quote(v, safe='')}" for k, v in (("model", model), ("family", family), ("answer", answer)) if v]
    return "#explore" + ("?" + "&".join(parts) if parts else "")


def heatmap_svg(report: dict[str, Any], links: bool = False) -> str:
    """Model x family failure rates; with ``links`` each cell links to its wrong answers."""
    models = list(report["models"])
    fams = list(report["meta"]["families"])
    if not models or not fams:
        return "<p class='muted'>no paraphrase families</p>"
    rates = [[report["models"][m]["family_failure_rates"].get(f) for f in fams] for m in models]
    finite = [v for row in rates for v in row if v is not None and math.isfinite(v)]
    top = max(0.05, max(finite) if finite else 1.0)
    cw, ch = 58.0, 26.0
    left = 14 + max(text_width(m, 10) for m in models)
    top_px = 34.0
    label_h = 10 + max(text_width(f, 10) for f in fams) * 0.58 + 8  # labels turned 35 degrees
    width = left + cw * len(fams) + 90
    height = top_px + ch * len(models) + label_h
    c = Canvas(width, height, "Failure rate by model and paraphrase family")
    c.text(left + cw * len(fams) / 2, 14, "Failure rate by model and paraphrase family", size=13, anchor="middle",
           weight="600")
    annotate = len(models) * len(fams) <= 400
    for i, m in enumerate(models):
        y = top_px + i * ch
        c.text(left - 8, y + ch / 2, m, size=10, anchor="end")
        for j, f in enumerate(fams):
            v = rates[i][j]
            ok = v is not None and math.isfinite(v)
            x = left + j * cw
            fill = reds(v / top) if ok else "#f0f0f0"
            tip = f"{m}, {f}: failure rate {v:.3f}" if ok else f"{m}, {f}: no answers"
            c.rect(x, y, cw, ch, fill, stroke="#ffffff", stroke_width=1.0,
                   href=explore_link(m, f, "wrong") if links and ok else None, tip=tip)
            if annotate:
                c.text(x + cw / 2, y + ch / 2, f"{v:.2f}" if ok else "gap", size=9, anchor="middle",
                       fill="#ffffff" if ok and luminance(fill) < 0.3 else INK)
    base = top_px + ch * len(models) + 8
    for j, f in enumerate(fams):
        x = left + (j + 0.5) * cw
        c.text(x + 4, base + 4, f, size=10, anchor="end", rotate=-35, baseline="hanging")
    colorbar(c, left + cw * len(fams) + 14, top_px, ch * len(models), top, "failure rate", "cb-reds")
    return c.svg()


def ig_svg(report: dict[str, Any]) -> str:
    h = report.get("ig_histogram") or {}
    bins = h.get("bins") or []
    counts = h.get("counts") or {}
    if not bins or not counts:
        return "<p class='muted'>no IG values</p>"
    title = "Invariance-gap distribution (cumulative)"
    c = Canvas(640, 330, title)
    fr = Frame(70, 34, 550, 240, (float(bins[0]), float(bins[-1])), (0.0, 1.02))
    c.text(fr.left + fr.width / 2, 14, title, size=13, anchor="middle", weight="600")
    fr.axes(c, xticks=nice_ticks(fr.xlim[0], fr.xlim[1], 6), yticks=nice_ticks(0.0, 1.0, 5),
            xlabel="IG = sqrt(p(1-p)) per theorem (binned)", ylabel="share of theorems with IG <= x")
    if fr.xlim[0] <= 0.10 <= fr.xlim[1]:
        c.line(fr.x(0.10), fr.top, fr.x(0.10), fr.top + fr.height, stroke="#808080", dash="2,3")
    # cumulative share: IG takes few distinct values per class size, so a CDF reads better
    entries = []
    for k, (m, cnt) in enumerate(counts.items()):
        tot = sum(cnt) or 1
        cum, acc = [], 0
        for x in cnt:
            acc += x
            cum.append(acc / tot)
        xs = [float(b) for b in bins]
        ys = [cum[0] if cnt else 0.0, *cum]
        pts: list[tuple[float, float]] = []
        for i, (xv, yv) in enumerate(zip(xs, ys, strict=False)):  # steps: level held until the next edge
            pts.append((fr.x(xv), fr.y(yv)))
            if i + 1 < len(xs):
                pts.append((fr.x(xs[i + 1]), fr.y(yv)))
        color = TAB10[k % len(TAB10)]
        c.polyline(pts, stroke=color)
        entries.append((m, color))
    if len(counts) <= 12:
        legend(c, fr.left + 8, fr.top + 6, entries)
    return c.svg()


def scatter_svg(report: dict[str, Any]) -> str:
    pts = [
        (m, v["accuracy"], v["scr"])
        for m, v in report["models"].items()
        if v["accuracy"] is not None and v["scr"] is not None
    ]
    if not pts:
        return "<p class='muted'>no models</p>"
    title = "SCR vs accuracy"
    xs, ys = [p[1] for p in pts], [p[2] for p in pts]
    c = Canvas(520, 400, title)

    def span(vals: list[float]) -> tuple[float, float]:
        lo, hi = min(vals), max(vals)
        pad = max(0.02, (hi - lo) * 0.08)
        return max(0.0, lo - pad), min(1.0, hi + pad) if hi + pad > lo else lo + 0.05

    label_room = max(text_width(p[0], 9) for p in pts) + 8
    fr = Frame(70, 34, 520 - 70 - min(160, label_room), 300, span(xs), span(ys))
    c.text(fr.left + fr.width / 2, 14, title, size=13, anchor="middle", weight="600")
    fr.axes(c, xticks=nice_ticks(*fr.xlim, 5), yticks=nice_ticks(*fr.ylim, 5), grid=True, xlabel="accuracy",
            ylabel="SCR (all forms correct)")
    for m, x, y in pts:
        c.circle(fr.x(x), fr.y(y), 4, "#3366aa", tip=f"{m}: accuracy {x:.3f}, SCR {y:.3f}")
        c.text(fr.x(x) + 6, fr.y(y) - 6, m, size=9)
    return c.svg()


_EXPLORER_JS = r"""
(function(){
'use strict';
var data = window.CERTIBENCH_EXPLORER_FULL || JSON.parse(document.getElementById('explorer-data').textContent);
var meta = data.meta, models = meta.models, theorems = data.theorems;
if (window.CERTIBENCH_EXPLORER_FULL) {
  document.getElementById('ex-note').textContent = 'All ' + meta.n_theorems.toLocaleString() + ' theorems (' +
    meta.n_items.toLocaleString() + ' items), loaded from the full data file beside this page.';
}
var PAGE = 25, shown = PAGE;
var $ = function(id){ return document.getElementById(id); };
var fFam = $('ex-family'), fModel = $('ex-model'), fAns = $('ex-answer'), fFlag = $('ex-flagged'), fSearch = $('ex-search');
function el(tag, cls, text){ var e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined && text !== null) e.textContent = String(text); return e; }
function opt(sel, v){ var o = el('option', null, v); o.value = v; sel.appendChild(o); }
meta.families.forEach(function(f){ opt(fFam, f); });
models.forEach(function(m){ opt(fModel, m); });
theorems.forEach(function(t){
  var hay = [t.t, t.d || ''];
  t.items.forEach(function(it){ hay.push(it.id, it.q || '', it.lean || ''); });
  t._hay = hay.join('\n').toLowerCase();
});
function state(a){ if (!a) return 'none'; if (a.err || a.v === null || (a.unparsed && a.unparsed >= a.n)) return 'unparsed'; return a.v === 1 ? 'correct' : 'wrong'; }
function itemMatches(it, f){
  if (f.family && it.fam !== f.family) return false;
  if (f.flagged && !it.flag) return false;
  if (!f.answer) return true;
  var idx = f.model >= 0 ? [f.model] : models.map(function(_, k){ return k; });
  var st = idx.map(function(k){ return state(it.a[k]); }).filter(function(s){ return s !== 'none'; });
  if (!st.length) return false;
  if (f.answer === 'correct') return st.every(function(s){ return s === 'correct'; });
  return st.indexOf(f.answer) >= 0;
}
function filters(){
  return {family: fFam.value, model: fModel.value ? models.indexOf(fModel.value) : -1, answer: fAns.value,
          flagged: fFlag.checked, q: fSearch.value.trim().toLowerCase()};
}
function truthTag(gt){ var s = String(gt === null || gt === undefined ? '' : gt).toUpperCase(); var t = el('span', 'tag' + (s === 'TRUE' ? ' true' : s === 'FALSE' ? ' false' : ''), s || 'no truth value'); return t; }
function kvTable(obj){
  var tb = el('table');
  Object.keys(obj).forEach(function(k){ var tr = el('tr'); tr.appendChild(el('th', 'l', k)); var v = obj[k];
    tr.appendChild(el('td', 'l', typeof v === 'object' ? JSON.stringify(v) : v)); tb.appendChild(tr); });
  return tb;
}
function code(text){ return el('code', null, text); }
function renderCert(c){
  var box = el('div', 'certbox');
  var head = el('div');
  if (c.verdict) { var v = el('span', 'verdict ' + (c.verdict === 'certified' || c.verdict === 'refuted' ? c.verdict : 'other'), c.verdict); head.appendChild(v); }
  ['backend', 'tier', 'family'].forEach(function(k){ if (c[k]) head.appendChild(el('span', 'tag', k + ': ' + c[k])); });
  box.appendChild(head);
  if (c.reason) box.appendChild(el('p', null, c.reason));
  if (c.evidence !== undefined && c.evidence !== null) {
    box.appendChild(el('div', null, 'evidence:'));
    box.appendChild(typeof c.evidence === 'object' ? kvTable(c.evidence) : el('p', null, c.evidence));
  }
  var chain = Array.isArray(c.chain) ? c.chain : (Array.isArray(c.rule_trace) ? c.rule_trace : null);
  if (chain && chain.length) {
    box.appendChild(el('div', null, 'rule chain (' + chain.length + ' step' + (chain.length > 1 ? 's' : '') + '):'));
    var ol = el('ol');
    chain.forEach(function(st){
      var li = el('li');
      if (st && typeof st === 'object') {
        var name = st.rule || st.name || '';
        li.appendChild(el('b', null, name + (st.family ? ' (' + st.family + ')' : '')));
        if (st.before !== undefined || st.after !== undefined) {
          li.appendChild(document.createTextNode(' '));
          li.appendChild(code(st.before)); li.appendChild(el('span', 'arrow', '\u21dd')); li.appendChild(code(st.after));
        }
        if (st.mathlib) li.appendChild(el('span', 'muted', '  Mathlib: ' + st.mathlib));
        var rest = Object.keys(st).filter(function(k){
          var v = st[k];
          return ['rule','name','family','before','after','mathlib'].indexOf(k) < 0 && v !== null && v !== '' &&
            !(Array.isArray(v) && !v.length) && !(typeof v === 'object' && !Array.isArray(v) && !Object.keys(v).length);
        });
        if (rest.length) li.appendChild(el('div', 'muted', rest.map(function(k){ return k + ' ' + JSON.stringify(st[k]); }).join(' \u00b7 ')));
      } else li.textContent = String(st);
      ol.appendChild(li);
    });
    box.appendChild(ol);
  }
  if (c.counterexample && typeof c.counterexample === 'object') { box.appendChild(el('div', null, 'counterexample:')); box.appendChild(kvTable(c.counterexample)); }
  if (c.mutation && typeof c.mutation === 'object') {
    var mu = el('div', null, 'mutation' + (c.mutation.kind ? ' (' + c.mutation.kind + ')' : '') + ': ');
    if (c.mutation.before !== undefined) { mu.appendChild(code(c.mutation.before)); mu.appendChild(el('span', 'arrow', '\u21dd')); mu.appendChild(code(c.mutation.after)); }
    box.appendChild(mu);
  }
  if (c.canonical_lean) { var d1 = el('div', null, 'canonical: '); d1.appendChild(code(c.canonical_lean)); box.appendChild(d1); }
  if (c.paraphrase_lean) { var d2 = el('div', null, 'paraphrase: '); d2.appendChild(code(c.paraphrase_lean)); box.appendChild(d2); }
  if (c.template && typeof c.template === 'object') box.appendChild(el('div', 'muted', 'template ' + (c.template.id || '') + (c.template.vetted ? ' (vetted)' : ' (not vetted)')));
  if (Array.isArray(c.checks) && c.checks.length) {
    box.appendChild(el('div', null, 'solver checks:'));
    var ul = el('ol');
    c.checks.forEach(function(ck){
      var li = el('li', null, (ck.purpose || 'check') + ': expected ' + (ck.expect || '?') + ', got ' + (ck.answer || '?'));
      if (ck.smt2) { var d = el('details'); d.appendChild(el('summary', null, 'SMT-LIB')); d.appendChild(el('pre', null, ck.smt2)); li.appendChild(d); }
      ul.appendChild(li);
    });
    box.appendChild(ul);
  }
  var all = el('details'); all.appendChild(el('summary', null, 'certificate JSON')); all.appendChild(el('pre', null, JSON.stringify(c, null, 1)));
  box.appendChild(all);
  return box;
}
function renderAnswer(a){
  var td = el('td', 'ans');
  if (!a) { td.appendChild(el('span', 'muted', 'not asked')); return td; }
  var st = state(a);
  td.appendChild(el('span', 'v ' + (st === 'correct' ? 'ok' : st === 'wrong' ? 'bad' : 'none'), st === 'correct' ? '\u2713' : st === 'wrong' ? '\u2717' : '?'));
  var label = st === 'unparsed' ? (a.err ? 'error' : 'unparsed') : st;
  if (a.parsed !== undefined && a.parsed !== null) label += ' \u00b7 ' + a.parsed;
  if (a.n > 1) label += ' \u00b7 ' + Math.round(a.p * a.n) + '/' + a.n + ' samples right';
  td.appendChild(el('span', null, label));
  var raw = a.err ? a.err : a.raw;
  if (raw !== undefined && raw !== null) {
    if (raw.length > 140) { var d = el('details'); d.appendChild(el('summary', 'raw', raw.slice(0, 120) + '\u2026')); d.appendChild(el('div', 'raw', raw)); td.appendChild(d); }
    else td.appendChild(el('div', 'raw', raw === '' ? '(empty answer)' : raw));
  }
  return td;
}
function renderTheorem(t, items, f){
  var sec = el('section', 'thm'); sec.id = 'thm-' + t.t;
  var h = el('header'); h.appendChild(el('b', null, t.t));
  if (t.d) h.appendChild(el('span', 'tag', t.d));
  h.appendChild(truthTag(t.gt));
  var plural = t.items.length === 1 ? ' item' : ' items';
  h.appendChild(el('span', 'muted', items.length === t.items.length ? t.items.length + plural : items.length + ' of ' + t.items.length + plural));
  if (t.nf) h.appendChild(el('span', 'tag flag', t.nf + ' audit-flagged'));
  sec.appendChild(h);
  var cols = f.model >= 0 ? [f.model] : models.map(function(_, k){ return k; });
  var wrap = el('div', 'scroll'), tb = el('table', 'ex'), thead = el('tr');
  ['family', 'question'].forEach(function(x){ thead.appendChild(el('th', null, x)); });
  cols.forEach(function(k){ thead.appendChild(el('th', null, models[k])); });
  tb.appendChild(thead);
  items.forEach(function(it){
    var tr = el('tr', it.flag ? 'flag' : null); tr.id = 'item-' + it.id;
    var fam = el('td', 'fam', it.fam); if (it.tier) { fam.appendChild(el('br')); fam.appendChild(el('span', 'tag', it.tier)); }
    if (it.flag) { fam.appendChild(el('br')); fam.appendChild(el('span', 'tag flag', 'flagged')); }
    tr.appendChild(fam);
    var q = el('td', 'q'); q.appendChild(el('div', null, it.q || '(no question text)'));
    var meta2 = el('div', 'muted'); meta2.appendChild(document.createTextNode('truth: ')); meta2.appendChild(truthTag(it.gt)); meta2.appendChild(document.createTextNode(' \u00b7 ' + it.id)); q.appendChild(meta2);
    if (it.cert || it.lean) {
      var d = el('details', 'cert');
      var c = it.cert || {};
      d.appendChild(el('summary', null, it.cert ? 'certificate: ' + (c.verdict || '?') + (c.backend ? ' \u00b7 ' + c.backend : '') : 'formal statement'));
      if (it.lean) { var ls = el('div', 'certbox'); ls.appendChild(document.createTextNode('Lean: ')); ls.appendChild(code(it.lean)); d.appendChild(ls); }
      if (it.cert) d.appendChild(renderCert(it.cert));
      q.appendChild(d);
    }
    tr.appendChild(q);
    cols.forEach(function(k){ tr.appendChild(renderAnswer(it.a[k])); });
    tb.appendChild(tr);
  });
  wrap.appendChild(tb); sec.appendChild(wrap);
  return sec;
}
function render(){
  var f = filters(), list = $('ex-list'), hits = [], nItems = 0;
  theorems.forEach(function(t){
    if (f.q && t._hay.indexOf(f.q) < 0) return;
    var its = t.items.filter(function(it){ return itemMatches(it, f); });
    if (f.q && t.t.toLowerCase().indexOf(f.q) < 0) {
      var narrowed = its.filter(function(it){ return [it.id, it.q || '', it.lean || ''].join('\n').toLowerCase().indexOf(f.q) >= 0; });
      if (narrowed.length) its = narrowed;
    }
    if (its.length) { hits.push([t, its]); nItems += its.length; }
  });
  list.textContent = '';
  hits.slice(0, shown).forEach(function(h){ list.appendChild(renderTheorem(h[0], h[1], f)); });
  $('ex-count').textContent = nItems.toLocaleString() + ' item' + (nItems === 1 ? '' : 's') + ' in ' + hits.length.toLocaleString() +
    ' theorem' + (hits.length === 1 ? '' : 's') + ' match' + (hits.length > shown ? ' (showing the first ' + shown + ' theorems)' : '') + '.';
  var more = $('ex-more'); more.hidden = hits.length <= shown;
}
function reset(){ shown = PAGE; render(); }
[fFam, fModel, fAns, fFlag].forEach(function(x){ x.addEventListener('change', reset); });
fSearch.addEventListener('input', reset);
$('ex-more').addEventListener('click', function(){ shown += PAGE; render(); });
$('ex-reset').addEventListener('click', function(){ fFam.value = ''; fModel.value = ''; fAns.value = ''; fFlag.checked = false; fSearch.value = ''; reset(); });
function fromHash(){
  var h = location.hash || '';
  if (h.indexOf('#explore') !== 0) return false;
  var q = h.indexOf('?') >= 0 ? h.slice(h.indexOf('?') + 1) : '';
  if (!q) return false;
  var p = {}; q.split('&').forEach(function(kv){
    var i = kv.indexOf('=');
    if (i > 0) { try { p[kv.slice(0, i)] = decodeURIComponent(kv.slice(i + 1)); } catch (err) { /* a malformed link: ignore that field */ } }
  });
  fFam.value = p.family && meta.families.indexOf(p.family) >= 0 ? p.family : '';
  fModel.value = p.model && models.indexOf(p.model) >= 0 ? p.model : '';
  fAns.value = ['wrong', 'correct', 'unparsed'].indexOf(p.answer) >= 0 ? p.answer : '';
  fFlag.checked = p.flagged === '1'; fSearch.value = p.q || '';
  reset();
  $('explore').scrollIntoView();
  return true;
}
window.addEventListener('hashchange', fromHash);
if (!fromHash()) render();
})();
"""
def ranking_svg(report: dict[str, Any]) -> str:
    aud = report.get("audit") or {}
    w, wo = aud.get("rankings_with") or [], aud.get("rankings_without") or []
    if aud.get("ran") is False or not w:
        return ""
    pos_w = {r["model"]: i for i, r in enumerate(w)}
    pos_wo = {r["model"]: i for i, r in enumerate(wo)}
    scr_wo = {r["model"]: r["scr"] for r in wo}
    n = len(w)
    labels = [f"{r['model']} ({_plain(r['scr'])})" for r in w]
    side = max(text_width(t, 9) for t in labels) + 16
    title = f"Ranking by SCR (audit rule {aud.get('rule')}, K={aud.get('min_models')})"
    row = 24.0
    width = max(2 * side + 220, text_width(title, 13) + 20)
    c = Canvas(width, 46 + row * n + 30, title)
    x0, x1 = (width - 200) / 2, (width + 200) / 2
    c.text(width / 2, 14, title, size=13, anchor="middle", weight="600")

    def y(i: int) -> float:
        return 40 + row * (i + 0.5)

    for r, lbl in zip(w, labels, strict=True):
        m = r["model"]
        a, b = pos_w[m], pos_wo.get(m, pos_w[m])
        color = "#cc3333" if a != b else "#999999"
        c.line(x0, y(a), x1, y(b), stroke=color, width=1.5)
        c.circle(x0, y(a), 3.5, color)
        c.circle(x1, y(b), 3.5, color)
        c.text(x0 - 8, y(a), lbl, size=9, anchor="end")
        c.text(x1 + 8, y(b), f"{m} ({_plain(scr_wo.get(m))})", size=9)
    base = 40 + row * n + 14
    c.line(x0 - 4, base - 8, x1 + 4, base - 8, stroke=INK, width=0.8)
    c.text(x0, base + 4, "with flagged items", size=10, anchor="middle")
    c.text(x1, base + 4, f"without {aud.get('n_flagged', 0)} flagged", size=10, anchor="middle")
    return c.svg()


def _plain(v: Any) -> str:
    return "-" if v is None else f"{v:.3f}"


def _release_html(rel: dict[str, Any] | None) -> str:
    """Which item file the report scores, by the digest of its bytes (and release version)."""
    if not rel:
        return ""
    e = html.escape
    version = f"release <b>{e(str(rel['release_version']))}</b>, " if rel.get("release_version") else ""
    notes = "".join(f"<br><span class='muted'>{e(str(n))}</span>" for n in rel.get("notes") or [])
    return (f"<p class='note'>Items: {e(str(rel.get('items_path', '')))} ({version}"
            f"<code>{e(str(rel.get('digest', '')))}</code>){notes}</p>")  # fmt: skip


def _models_table(report: dict[str, Any]) -> list[str]:
    e = html.escape
    models = report.get("models", {})
    art = report.get("artifact_baseline")
    has_core = any(v.get("cochran_q_core") for v in models.values())
    parts = [
        "<table><tr><th class='l'>model</th><th>accuracy</th><th>majority-class baseline</th>"
        + ("<th>artifact baseline</th>" if art else "")
        + "<th>SCR</th><th>Mean-IG</th><th>RMS-IG</th><th>IG&gt;0.10</th><th>CIR</th>"
        "<th>Cochran Q, all forms (df, p; theorems)</th>"
        + ("<th>Cochran Q, core forms</th>" if has_core else "")
        + "<th>errors</th></tr>"
    ]

    def _cq(cq: dict[str, Any] | None) -> str:
        if not cq or cq.get("q") is None:
            return "&mdash;"
        star = " *" if cq.get("significant") else ""
        return f"{cq['q']:.2f} ({cq['df']}, {cq['p']:.3g}; n={cq['n_theorems']}){star}"

    for m, v in models.items():
        ci = v.get("ci", {})
        b = v.get("baseline_majority") or {}
        base = (
            f"<span class='base'>{_fmt(b.get('accuracy'))} <span class='muted'>({e(str(b.get('label')))})</span></span>"
            if b.get("accuracy") is not None
            else "&mdash;"
        )
        cqs = _cq(v.get("cochran_q")) + ("</td><td>" + _cq(v.get("cochran_q_core")) if has_core else "")
        parts.append(
            f"<tr><td class='l'><a href='{e(explore_link(m))}'>{e(m)}</a></td>"
            f"<td><b>{_fmt(v['accuracy'])}</b>{_ci(ci.get('accuracy'))}</td><td>{base}</td>"
            + (f"<td class='base'>{_fmt(art.get('accuracy'))}{_ci(art.get('ci'))}</td>" if art else "")
            + f"<td>{_fmt(v['scr'])}{_ci(ci.get('scr'))}</td><td>{_fmt(v['mean_ig'])}{_ci(ci.get('mean_ig'))}</td>"
            f"<td>{_fmt(v['rms_ig'])}</td><td>{_fmt(v.get('share_ig_gt_010'))}</td><td>{_fmt(v['cir'])}{_ci(ci.get('cir'))}</td>"
            f"<td>{cqs}</td><td>{v.get('n_errors', 0)}</td></tr>"
        )
    core_forms = next((v["cochran_q_core"]["forms"] for v in models.values() if v.get("cochran_q_core")), None)
    note = (
        "Majority-class baseline: the accuracy of always giving the most frequent true answer (in "
        "parentheses) on the items the model answered - an accuracy at or below it shows no skill. "
    )
    if art:
        note += f"Artifact baseline: accuracy from surface artifacts alone, from the release audit {e(str(art.get('source', '')))}. "
    note += (
        "* significant after Bonferroni correction across models. All forms = canonical + every family, "
        "on the theorems that have all of them."
    )
    if core_forms:
        note += f" Core forms = {e(', '.join(core_forms))} (present in every theorem)."
    parts.append(f"</table><p class='note'>{note}</p>")
    return parts


def _correlations_table(report: dict[str, Any]) -> list[str]:
    corr = report.get("correlations", {})
    if not corr:
        return []
    if all(c.get("r") is None for c in corr.values()):
        n = report.get("meta", {}).get("n_models", 0)
        return [
            f"<p class='note'>Correlations across models (accuracy vs Mean-IG, vs SCR) need at least 3 models "
            f"with different scores; this report has {n}.</p>"
        ]
    e = html.escape
    parts = [
        "<table><tr><th class='l'>across models</th><th>r observed</th><th>95% CI (Fisher)</th><th>95% CI (bootstrap)</th>"
        "<th>r under the permutation null (mean, 95% range)</th><th>observed &minus; null</th><th>share explained by the null</th>"
        "<th>p (vs null)</th></tr>"
    ]
    for k, c in corr.items():
        pn = c.get("permutation_null") or {}
        null = f"{_fmt(pn.get('r_mean'))}{_ci(pn.get('r_ci'))}" if pn else "&mdash;"
        share = _fmt(pn.get("share_explained")) if pn else "&mdash;"
        if pn.get("reading"):
            share = f"<span title='{e(pn['reading'])}'>{share}</span>"
        parts.append(
            f"<tr><td class='l'>{e(k.replace('_', ' '))}</td><td><b>{_fmt(c.get('r'))}</b></td><td>{_ci(c.get('ci')) or '&mdash;'}</td>"
            f"<td>{_ci(c.get('ci_bootstrap')) or '&mdash;'}</td><td>{null}</td><td>{_fmt(pn.get('r_excess')) if pn else '&mdash;'}</td>"
            f"<td>{share}</td><td>{_fmt(pn.get('p_value')) if pn else '&mdash;'}</td></tr>"
        )
    parts.append(
        "</table><p class='note'>The permutation null shuffles each model's outcomes over items: accuracy stays, "
        "theorem structure goes, so its correlation is what IG = &radic;(p(1&minus;p)) produces on its own. "
        "<i>Share explained</i> is the part of the observed correlation the null reproduces, in [0, 1]: "
        "null/observed when both have the same sign and the null is weaker; 1 when the null is at least as strong "
        "(theorem structure then weakens the correlation); 0 when the signs differ; empty when there is no "
        "observed correlation. Needs at least 3 models.</p>"
    )
    pn = (corr.get("accuracy_vs_mean_ig") or {}).get("permutation_null") or {}
    if pn.get("reading"):
        parts.append(f"<p class='note'>Accuracy vs Mean-IG: {e(pn['reading'])}.</p>")
    return parts


def _audit_section(report: dict[str, Any]) -> list[str]:
    e = html.escape
    aud = report.get("audit", {})
    parts = ["<h2 id='audit'>Unanimity audit</h2>"]
    if aud.get("ran") is False:
        parts.append(
            f"<div class='warn'><b>The audit did not run.</b> {e(str(aud.get('reason', '')))}. "
            "Nothing is flagged, and there are no rankings with and without flagged paraphrases.</div>"
        )
        return parts
    parts.append("<div class='fig'>" + ranking_svg(report) + "</div>")
    parts.append(
        f"<p>Rule <b>{e(str(aud.get('rule')))}</b>, K = {aud.get('min_models')} of {aud.get('n_models')} models: "
        f"{aud.get('n_flagged', 0)} of {aud.get('n_paraphrases', 0)} paraphrases flagged "
        f"({aud.get('n_unauditable', 0)} without a canonical item could not be audited).</p>"
    )
    if aud.get("flagged_detail"):
        parts.append(
            "<table><tr><th class='l'>item</th><th class='l'>family</th><th>models canon ok &amp; para wrong</th><th>canon ok</th><th>para wrong</th></tr>"
        )
        for d in aud["flagged_detail"][:300]:
            parts.append(
                f"<tr><td class='l'>{e(d['item_id'])}</td><td class='l'>{e(d['family'])}</td><td>{d['n_joint']}</td>"
                f"<td>{d['n_canon_correct']}</td><td>{d['n_para_wrong']}</td></tr>"
            )
        parts.append("</table>")
    return parts


def _script_json(text: str) -> str:
    """JSON text safe inside a <script> element (no '</script>', no U+2028/9 surprises)."""
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026").replace(
        "\u2028", "\\u2028"
    ).replace("\u2029", "\\u2029")


def _explorer_section(data_json: str, meta: dict[str, Any], sidecar: str | None) -> list[str]:
    e = html.escape
    if meta.get("capped"):
        note = (
            f"This page embeds {meta['n_theorems_shown']:,} of {meta['n_theorems']:,} theorems "
            f"({meta['n_items_shown']:,} of {meta['n_items']:,} items): the explorer data of the whole report "
            f"({meta['full_bytes'] / 1e6:.1f} MB) is over the {meta['limit_bytes'] / 1e6:.0f} MB page limit. "
            "The sample is fixed: theorems with audit-flagged paraphrases first, then a hash order."
        )
        if sidecar:
            note += (
                f" The full data is in <code>{e(sidecar)}</code> beside this page; while it is there the "
                "explorer shows everything."
            )
    else:
        note = f"All {meta['n_theorems']:,} theorems ({meta['n_items']:,} items)."
    parts = [
        "<section id='explore'><h2>Item explorer</h2>",
        f"<p class='note' id='ex-note' data-sample-note='{e(note)}'>{note}</p>",
        "<div class='controls'>"
        "<label>Family <select id='ex-family'><option value=''>all</option></select></label>"
        "<label>Model <select id='ex-model'><option value=''>all</option></select></label>"
        "<label>Answer <select id='ex-answer'><option value=''>any</option><option value='wrong'>wrong</option>"
        "<option value='correct'>correct</option><option value='unparsed'>unparsed / error</option></select></label>"
        "<label><input type='checkbox' id='ex-flagged'> audit-flagged only</label>"
        "<input type='search' id='ex-search' placeholder='search theorem id, question, Lean' aria-label='search'>"
        "<button id='ex-reset' type='button'>reset</button></div>",
        "<p id='ex-count' aria-live='polite'></p><div id='ex-list'></div>"
        "<p><button id='ex-more' type='button' hidden>show more theorems</button></p>",
        f"<script id='explorer-data' type='application/json'>{_script_json(data_json)}</script>",
    ]
    if sidecar:
        parts.append(f"<script src='{e(quote(sidecar))}'></script>")
    parts.append(f"<script>{_EXPLORER_JS}</script></section>")
    return parts


def render_html(
    report: dict[str, Any],
    title: str = "certibench invariance report",
    explorer: Explorer | None = None,
    *,
    page_bytes: int = PAGE_BYTES,
    sidecar: str | None = None,
) -> str:
    """The report as one self-contained HTML page (with the item explorer when given).
    ``sidecar`` names the full explorer data file the page loads when it sits beside it."""
    meta = report.get("meta", {})
    e = html.escape
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{e(title)}</title><style>{_CSS}</style></head><body><main>"
    ]
    parts.append(f"<h1>{e(title)}</h1>")
    toc = [("models", "Models"), ("failure", "Failure by family"), ("ig", "Invariance gap"), ("corr", "SCR vs accuracy"), ("audit", "Audit")]
    if any(v.get("tau") is not None for v in report.get("rank_stability", {}).get("pairs", {}).values()):
        toc.append(("rank", "Rank stability"))
    if report.get("by"):
        toc.append(("by", f"By {report['by']['field']}"))
    if explorer is not None:
        toc.append(("explore", "Item explorer"))
    parts.append("<nav class='toc'>" + "".join(f"<a href='#{a}'>{e(t)}</a>" for a, t in toc) + "</nav>")
    unasked = meta.get("n_items_without_responses") or 0
    parts.append(
        f"<p>{meta.get('n_models', 0)} model{'s' if meta.get('n_models', 0) != 1 else ''}, {meta.get('n_items', 0)} items in "
        f"{meta.get('n_theorems', 0)} theorems, {meta.get('n_responses', 0)} responses"
        + (f" ({unasked} items of the item file had no response and are left out)" if unasked else "")
        + f". Families: {e(', '.join(meta.get('families', [])))}. "
        f"CIs: {meta.get('n_boot')} bootstrap resamples of theorems.</p>"
    )
    parts.append(_release_html(report.get("release")))
    if meta.get("n_warnings"):
        items = "".join(f"<li>{e(w)}</li>" for w in meta.get("warnings", [])[:20])
        parts.append(f"<div class='warn'><b>{meta['n_warnings']} input records skipped</b><ul>{items}</ul></div>")
    parts.append("<h2 id='models'>Models</h2>")
    parts.extend(_models_table(report))
    link_note = " Click a cell to see its wrong answers in the explorer." if explorer is not None else ""
    parts.append(
        f"<h2 id='failure'>Failure by family</h2><p class='note'>Share of wrong answers per paraphrase family.{link_note}</p>"
        "<div class='fig'>" + heatmap_svg(report, links=explorer is not None) + "</div>"
    )
    parts.append("<h2 id='ig'>Invariance gap</h2><div class='fig'>" + ig_svg(report) + "</div>")
    parts.append("<h2 id='corr'>SCR vs accuracy</h2><div class='fig'>" + scatter_svg(report) + "</div>")
    parts.extend(_correlations_table(report))
    parts.extend(_audit_section(report))
    rs = report.get("rank_stability", {})
    if any(v.get("tau") is not None for v in rs.get("pairs", {}).values()):
        parts.append(
            f"<h2 id='rank'>Rank stability</h2><p>Mean Kendall &tau; between family rankings: {_fmt(rs.get('mean_tau'))}; "
            f"reversals (&tau; &lt; 0): {e(', '.join(rs.get('reversals', [])) or 'none')}.</p>"
        )
        parts.append("<table><tr><th class='l'>family pair</th><th>&tau;</th><th>p</th><th>models</th></tr>")
        for k, v in rs["pairs"].items():
            parts.append(
                f"<tr><td class='l'>{e(k)}</td><td>{_fmt(v.get('tau'))}</td><td>{_fmt(v.get('p'))}</td><td>{v.get('n_models')}</td></tr>"
            )
        parts.append("</table>")
    by = report.get("by")
    if by:
        parts.append(
            f"<h2 id='by'>By {e(by['field'])}</h2><table><tr><th class='l'>{e(by['field'])}</th><th class='l'>model</th><th>accuracy</th>"
            "<th>majority-class baseline</th><th>SCR</th><th>Mean-IG</th><th>CIR</th></tr>"
        )
        for g, gv in by["groups"].items():
            for m, v in gv["models"].items():
                b = (v.get("baseline_majority") or {}).get("accuracy")
                parts.append(
                    f"<tr><td class='l'>{e(g)}</td><td class='l'>{e(m)}</td><td>{_fmt(v['accuracy'])}</td><td class='base'>{_fmt(b)}</td>"
                    f"<td>{_fmt(v['scr'])}</td><td>{_fmt(v['mean_ig'])}</td><td>{_fmt(v['cir'])}</td></tr>"
                )
        parts.append("</table>")
    if explorer is not None:
        data_json, emeta = explorer.page_data(page_bytes)
        parts.extend(_explorer_section(data_json, emeta, sidecar if emeta["capped"] else None))
    parts.append("</main></body></html>\n")
    return "\n".join(parts)


def sidecar_path(path: str | os.PathLike[str]) -> Path:
    """Where :func:`write_html` puts the full explorer data of a capped page."""
    p = Path(path)
    return p.with_name(p.stem + ".explorer.js")


def write_html(
    report: dict[str, Any],
    path: str | os.PathLike[str],
    title: str = "certibench invariance report",
    explorer: Explorer | None = None,
    *,
    page_bytes: int = PAGE_BYTES,
) -> Path:
    """Write :func:`render_html` to ``path`` (parents created).  When the explorer data is over
    ``page_bytes`` the page embeds a stated sample and the full data goes to
    :func:`sidecar_path` (a stale one from an earlier, larger report is removed)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    side = sidecar_path(p)
    capped = explorer is not None and explorer.full_bytes() > page_bytes
    if capped:
        assert explorer is not None
        side.write_text("window.CERTIBENCH_EXPLORER_FULL = " + _script_json(explorer.full_data()) + ";\n", encoding="utf-8")
    elif side.exists():
        side.unlink()
    p.write_text(
        render_html(report, title, explorer, page_bytes=page_bytes, sidecar=side.name if capped else None),
        encoding="utf-8",
    )
    return p


__all__ = ["explore_link", "render_html", "sidecar_path", "write_html"]
