"""Self-contained HTML report: inline SVG plots (matplotlib, no pyplot state), no scripts,
no external stylesheet, fonts or images - it opens offline.

Plots: model x family failure heatmap, IG distribution, SCR vs accuracy, model ranking by
SCR with and without audit-flagged paraphrases.  Works from the report dict alone, so a
saved ``report.json`` can be re-rendered.
"""

from __future__ import annotations

import html
import io
import os
import re
from pathlib import Path
from typing import Any

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2em auto;max-width:1100px;color:#222;padding:0 1em}
h1{font-size:1.6em}h2{font-size:1.25em;border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;font-size:.85em;margin:.5em 0}
th,td{border:1px solid #ddd;padding:.25em .5em;text-align:right}th{background:#f4f4f4}
td.l,th.l{text-align:left}.muted{color:#777}.fig{margin:1em 0}.fig svg{max-width:100%;height:auto}
.warn{background:#fff6e0;border:1px solid #e8c766;padding:.5em 1em}
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
    return f' <span class="muted">[{ci[0]:.3f}, {ci[1]:.3f}]</span>'


def _svg(fig: Any) -> str:
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "certibench"}):
        fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    s = buf.getvalue()
    s = re.sub(r"^<\?xml[^>]*>\s*", "", s)
    s = re.sub(r"<!DOCTYPE[^>]*>\s*", "", s)
    s = re.sub(r"<metadata>.*?</metadata>\s*", "", s, flags=re.S)  # RDF/creator block: not needed
    return s


def _figure(w: float, h: float) -> Any:
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    fig = Figure(figsize=(w, h))
    FigureCanvasSVG(fig)
    return fig


def heatmap_svg(report: dict[str, Any]) -> str:
    models = list(report["models"])
    fams = report["meta"]["families"]
    if not models or not fams:
        return "<p class='muted'>no paraphrase families</p>"
    import numpy as np

    data = np.array(
        [[report["models"][m]["family_failure_rates"].get(f, np.nan) for f in fams] for m in models],
        dtype=float,
    )
    fig = _figure(1.2 + 0.8 * len(fams), 1.0 + 0.4 * len(models))
    ax = fig.add_subplot(1, 1, 1)
    masked = np.ma.masked_invalid(data)
    im = ax.imshow(
        masked,
        cmap="Reds",
        vmin=0,
        vmax=max(0.05, float(np.nanmax(data)) if np.isfinite(data).any() else 1),
        aspect="auto",
    )
    ax.set_xticks(range(len(fams)), fams, rotation=35, ha="right")
    ax.set_yticks(range(len(models)), models)
    if len(models) * len(fams) <= 400:
        for i in range(len(models)):
            for j in range(len(fams)):
                v = data[i, j]
                ax.text(
                    j,
                    i,
                    "gap" if not np.isfinite(v) else f"{v:.2f}",
                    ha="center",
                    va="center",
                    fontsize=7,
                    color="white" if np.isfinite(v) and v > 0.6 * np.nanmax(data) else "black",
                )
    fig.colorbar(im, ax=ax, label="failure rate")
    ax.set_title("Failure rate by model and paraphrase family")
    return _svg(fig)


def ig_svg(report: dict[str, Any]) -> str:
    h = report.get("ig_histogram") or {}
    bins = h.get("bins") or []
    counts = h.get("counts") or {}
    if not bins or not counts:
        return "<p class='muted'>no IG values</p>"
    fig = _figure(7, 3.6)
    ax = fig.add_subplot(1, 1, 1)
    # cumulative share: IG takes few distinct values per class size, so a CDF reads better
    for m, c in counts.items():
        tot = sum(c) or 1
        cum, acc = [], 0
        for x in c:
            acc += x
            cum.append(acc / tot)
        ax.step([bins[0], *bins[1:]], [cum[0] if c else 0.0, *cum], where="post", label=m, linewidth=1.2)
    ax.axvline(0.10, color="grey", linestyle=":", linewidth=1)
    ax.set_xlim(bins[0], bins[-1])
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("IG = sqrt(p(1-p)) per theorem (binned)")
    ax.set_ylabel("share of theorems with IG <= x")
    ax.set_title("Invariance-gap distribution (cumulative)")
    if len(counts) <= 12:
        ax.legend(fontsize=7, ncol=2, loc="upper left")
    return _svg(fig)


def scatter_svg(report: dict[str, Any]) -> str:
    pts = [
        (m, v["accuracy"], v["scr"])
        for m, v in report["models"].items()
        if v["accuracy"] is not None and v["scr"] is not None
    ]
    if not pts:
        return "<p class='muted'>no models</p>"
    fig = _figure(5.5, 4.2)
    ax = fig.add_subplot(1, 1, 1)
    ax.scatter([p[1] for p in pts], [p[2] for p in pts], color="#3366aa")
    for m, x, y in pts:
        ax.annotate(m, (x, y), fontsize=7, xytext=(3, 3), textcoords="offset points")
    ax.set_xlabel("accuracy")
    ax.set_ylabel("SCR (all forms correct)")
    ax.set_title("SCR vs accuracy")
    ax.grid(alpha=0.3)
    return _svg(fig)


def ranking_svg(report: dict[str, Any]) -> str:
    aud = report.get("audit") or {}
    w, wo = aud.get("rankings_with") or [], aud.get("rankings_without") or []
    if not w:
        return "<p class='muted'>no ranking</p>"
    pos_w = {r["model"]: i for i, r in enumerate(w)}
    pos_wo = {r["model"]: i for i, r in enumerate(wo)}
    n = len(w)
    fig = _figure(6, 1.0 + 0.35 * n)
    ax = fig.add_subplot(1, 1, 1)
    for r in w:
        m = r["model"]
        a, b = pos_w[m], pos_wo.get(m, pos_w[m])
        ax.plot([0, 1], [a, b], color="#cc3333" if a != b else "#999999", marker="o")
        ax.text(-0.03, a, f"{m} ({_plain(r['scr'])})", ha="right", va="center", fontsize=7)
        s2 = next((x["scr"] for x in wo if x["model"] == m), None)
        ax.text(1.03, b, f"{m} ({_plain(s2)})", ha="left", va="center", fontsize=7)
    ax.set_xlim(-0.9, 1.9)
    ax.set_ylim(n - 0.5, -0.5)
    ax.set_xticks([0, 1], ["with flagged items", f"without {aud.get('n_flagged', 0)} flagged"])
    ax.set_yticks([])
    ax.set_title(f"Ranking by SCR (audit rule {aud.get('rule')}, K={aud.get('min_models')})")
    for s in ("left", "right", "top"):
        ax.spines[s].set_visible(False)
    return _svg(fig)


def _plain(v: Any) -> str:
    return "-" if v is None else f"{v:.3f}"


def render_html(report: dict[str, Any], title: str = "certibench invariance report") -> str:
    """The report as one self-contained HTML page."""
    meta = report.get("meta", {})
    models = report.get("models", {})
    e = html.escape
    parts = [
        f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{e(title)}</title><style>{_CSS}</style></head><body>"
    ]
    parts.append(f"<h1>{e(title)}</h1>")
    parts.append(
        f"<p>{meta.get('n_models', 0)} models, {meta.get('n_items', 0)} items in {meta.get('n_theorems', 0)} theorems, "
        f"{meta.get('n_responses', 0)} responses. Families: {e(', '.join(meta.get('families', [])))}. "
        f"CIs: {meta.get('n_boot')} bootstrap resamples of theorems.</p>"
    )
    if meta.get("n_warnings"):
        items = "".join(f"<li>{e(w)}</li>" for w in meta.get("warnings", [])[:20])
        parts.append(
            f"<div class='warn'><b>{meta['n_warnings']} input records skipped</b><ul>{items}</ul></div>"
        )
    # summary table
    has_core = any(v.get("cochran_q_core") for v in models.values())
    parts.append(
        "<h2>Models</h2><table><tr><th class='l'>model</th><th>accuracy</th><th>SCR</th><th>Mean-IG</th>"
        "<th>RMS-IG</th><th>IG&gt;0.10</th><th>CIR</th><th>Cochran Q, all forms (df, p; theorems)</th>"
        + ("<th>Cochran Q, core forms</th>" if has_core else "")
        + "<th>errors</th></tr>"
    )

    def _cq(cq: dict[str, Any] | None) -> str:
        if not cq or cq.get("q") is None:
            return "&mdash;"
        star = " *" if cq.get("significant") else ""
        return f"{cq['q']:.2f} ({cq['df']}, {cq['p']:.3g}; n={cq['n_theorems']}){star}"

    for m, v in models.items():
        ci = v.get("ci", {})
        cqs = _cq(v.get("cochran_q")) + ("</td><td>" + _cq(v.get("cochran_q_core")) if has_core else "")
        parts.append(
            f"<tr><td class='l'>{e(m)}</td><td>{_fmt(v['accuracy'])}{_ci(ci.get('accuracy'))}</td>"
            f"<td>{_fmt(v['scr'])}{_ci(ci.get('scr'))}</td><td>{_fmt(v['mean_ig'])}{_ci(ci.get('mean_ig'))}</td>"
            f"<td>{_fmt(v['rms_ig'])}</td><td>{_fmt(v.get('share_ig_gt_010'))}</td><td>{_fmt(v['cir'])}{_ci(ci.get('cir'))}</td>"
            f"<td>{cqs}</td><td>{v.get('n_errors', 0)}</td></tr>"
        )
    core_forms = next(
        (v["cochran_q_core"]["forms"] for v in models.values() if v.get("cochran_q_core")), None
    )
    note = "* significant after Bonferroni correction across models. All forms = canonical + every family, on the theorems that have all of them."
    if core_forms:
        note += f" Core forms = {e(', '.join(core_forms))} (present in every theorem)."
    parts.append(f"</table><p class='muted'>{note}</p>")
    parts.append("<h2>Failure by family</h2><div class='fig'>" + heatmap_svg(report) + "</div>")
    parts.append("<h2>Invariance gap</h2><div class='fig'>" + ig_svg(report) + "</div>")
    parts.append("<h2>SCR vs accuracy</h2><div class='fig'>" + scatter_svg(report) + "</div>")
    corr = report.get("correlations", {})
    if corr:
        parts.append(
            "<table><tr><th class='l'>across models</th><th>r</th><th>95% CI (Fisher)</th><th>95% CI (bootstrap)</th><th>permutation null r</th><th>share explained</th></tr>"
        )
        for k, c in corr.items():
            pn = c.get("permutation_null") or {}
            parts.append(
                f"<tr><td class='l'>{e(k)}</td><td>{_fmt(c.get('r'))}</td><td>{_ci(c.get('ci')) or '&mdash;'}</td>"
                f"<td>{_ci(c.get('ci_bootstrap')) or '&mdash;'}</td><td>{_fmt(pn.get('r_mean'))}</td><td>{_fmt(pn.get('share_explained'))}</td></tr>"
            )
        parts.append("</table>")
    aud = report.get("audit", {})
    parts.append("<h2>Unanimity audit</h2><div class='fig'>" + ranking_svg(report) + "</div>")
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
    rs = report.get("rank_stability", {})
    if rs.get("pairs"):
        parts.append(
            f"<h2>Rank stability</h2><p>Mean Kendall &tau; between family rankings: {_fmt(rs.get('mean_tau'))}; "
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
            f"<h2>By {e(by['field'])}</h2><table><tr><th class='l'>{e(by['field'])}</th><th class='l'>model</th><th>accuracy</th><th>SCR</th><th>Mean-IG</th><th>CIR</th></tr>"
        )
        for g, gv in by["groups"].items():
            for m, v in gv["models"].items():
                parts.append(
                    f"<tr><td class='l'>{e(g)}</td><td class='l'>{e(m)}</td><td>{_fmt(v['accuracy'])}</td><td>{_fmt(v['scr'])}</td>"
                    f"<td>{_fmt(v['mean_ig'])}</td><td>{_fmt(v['cir'])}</td></tr>"
                )
        parts.append("</table>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def write_html(
    report: dict[str, Any], path: str | os.PathLike[str], title: str = "certibench invariance report"
) -> Path:
    """Write :func:`render_html` to ``path`` (parents created)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(render_html(report, title), encoding="utf-8")
    return p


__all__ = ["render_html", "write_html"]
