"""The HTML report's item explorer: its data (every family's question, each model's raw answer
and verdict, the certificate), the size cap, and the page itself in a real headless Chromium
(Debian's `chromium`, driven by playwright with `executable_path`; skipped with the reason
where either is missing)."""

from __future__ import annotations

import json
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from certibench.metrics.table import build_table
from certibench.report import build_report, run_explorer
from certibench.report.explorer import collect_answers, display_certificate
from certibench.report.html import render_html, sidecar_path, write_html
from certibench.run.defaults import default_items_path, quick_sample
from certibench.run.plan import load_items
from certibench.schema import Item

MODELS = {"alpha": 0.85, "beta": 0.7, "gamma": 0.55, "delta": 0.4}
XSS = "<script>window.__pwned = 1</script><img src=x onerror='window.__pwned=2'>"


def _release() -> list[Item]:
    p = default_items_path()
    if not p.exists():
        pytest.skip(f"bundled release {p} is not built")
    items, _ = load_items(p)
    return items


def _responses(items: list[Item], seed: int = 0) -> list[dict[str, Any]]:
    """Deterministic answers with raw text.  Paraphrases whose id hashes to 0 mod 7 are
    answered wrongly by every model (while canonicals follow the model's accuracy), so the
    unanimity audit has something to flag; every 13th answer is unparseable; one raw answer
    is an HTML/script injection attempt."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for m, acc in MODELS.items():
        for k, it in enumerate(items):
            truth = str(it.ground_truth)
            ok = rng.random() < acc
            if not it.is_canonical and sum(map(ord, it.id)) % 7 == 0:
                ok = False
            ans = truth if ok else ("FALSE" if truth == "TRUE" else "TRUE")
            if (k + len(m)) % 13 == 0:
                out.append({"item_id": it.id, "model": m, "raw": "It depends on the reading.", "parsed": None, "correct": False})
            else:
                raw = XSS if (m == "alpha" and k == 1) else f"{ans}. The claim {'holds' if ans == 'TRUE' else 'fails'}."
                out.append({"item_id": it.id, "model": m, "raw": raw, "parsed": ans, "correct": ok})
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    items = quick_sample(_release(), 120).items
    resp = _responses(items)
    table = build_table(items, resp)
    rep = build_report(table, n_boot=50, n_perm=20)
    ex = run_explorer(table, resp, rep)
    out = tmp_path_factory.mktemp("explorer") / "report.html"
    write_html(rep, out, explorer=ex)
    return {"items": items, "resp": resp, "table": table, "report": rep, "explorer": ex, "html": out}


def _page_data(html_text: str) -> dict[str, Any]:
    m = re.search(r"<script id='explorer-data' type='application/json'>(.*?)</script>", html_text, re.S)
    assert m, "no embedded explorer data"
    return json.loads(m.group(1))


# ----------------------------------------------------------------------------- data


def test_explorer_data_holds_every_item_answer_and_certificate(built: dict[str, Any]) -> None:
    items, resp, rep = built["items"], built["resp"], built["report"]
    data = _page_data(built["html"].read_text(encoding="utf-8"))
    assert data["meta"]["models"] == list(MODELS) and not data["meta"]["capped"]
    by_id = {it["id"]: (t, it) for t in data["theorems"] for it in t["items"]}
    assert set(by_id) == {it.id for it in items}
    # one theorem card per class, items in file order, FALSE siblings are their own class
    assert len(data["theorems"]) == len({it.class_id for it in items})
    assert any(t["t"].endswith("__false") and str(t["gt"]) == "FALSE" for t in data["theorems"])
    raw = {(r["item_id"], r["model"]): r for r in resp}
    flagged = set(rep["audit"]["flagged"])
    assert rep["audit"]["ran"] and flagged, "the synthetic answers are built so that the audit flags items"
    for it in items:
        t, rec = by_id[it.id]
        assert rec["q"] == it.nl_question and rec["fam"] == it.family and rec["cert"] == display_certificate(it.certificate)
        assert rec["flag"] == (it.id in flagged) and t["t"] == it.class_id
        for k, m in enumerate(MODELS):
            a, r = rec["a"][k], raw[(it.id, m)]
            assert a["raw"] == r["raw"] and a["parsed"] == r["parsed"] and a["n"] == 1
            assert a["v"] == int(r["correct"])
    # the JSON inside <script> cannot close it: the injection attempt is escaped
    text = built["html"].read_text(encoding="utf-8")
    assert "<script>window.__pwned" not in text and "\\u003cscript\\u003ewindow.__pwned" in text


def test_collect_answers_keeps_the_first_sample_and_cuts_long_text() -> None:
    from certibench.report.explorer import RAW_CHARS

    rows = [
        {"item_id": "a", "model": "m", "sample": 2, "raw": "late", "parsed": "FALSE", "correct": False},
        {"item_id": "a", "model": "m", "sample": 0, "raw": "x" * (RAW_CHARS + 50), "parsed": "TRUE", "correct": True},
        {"item_id": "b", "model": "m", "sample": 0, "raw": "other item", "parsed": "TRUE", "correct": True},
        {"item_id": "a", "model": "n", "error": "HTTP 500", "raw": None},
        # lines the metrics skip are not shown either (an adversary's finding): a bad
        # `correct`, a negative sample
        {"item_id": "a", "model": "k", "raw": "rejected", "parsed": "TRUE", "correct": "yes"},
        {"item_id": "a", "model": "m", "sample": -1, "raw": "rejected", "parsed": "TRUE", "correct": True},
        "not a record",
    ]
    got = collect_answers(rows, {"a"})
    assert set(got) == {("a", "m"), ("a", "n")}
    assert got[("a", "m")].sample == 0 and got[("a", "m")].parsed == "TRUE"
    assert got[("a", "m")].raw == "x" * RAW_CHARS + "…"
    assert got[("a", "n")].error == "HTTP 500" and got[("a", "n")].raw is None


def test_large_reports_embed_a_stated_sample_and_write_the_full_data_beside(
    built: dict[str, Any], tmp_path: Path
) -> None:
    ex, rep = built["explorer"], built["report"]
    limit = ex.full_bytes() // 3
    out = tmp_path / "big.html"
    write_html(rep, out, explorer=ex, page_bytes=limit)
    text = out.read_text(encoding="utf-8")
    data = _page_data(text)
    meta = data["meta"]
    assert meta["capped"] and 0 < meta["n_theorems_shown"] < meta["n_theorems"] == len(ex.theorems)
    shown = json.dumps(data["theorems"], ensure_ascii=False, separators=(",", ":"))
    assert len(shown.encode()) <= limit
    assert meta["n_items_shown"] == sum(len(t["items"]) for t in data["theorems"])
    # flagged theorems come first in the sample; the page says what it holds and where the rest is
    shown_ids = {t["t"] for t in data["theorems"]}
    size = {tid: len(rec.encode()) + 1 for tid, rec in zip(ex.theorem_ids, ex.theorems, strict=True)}
    flag_shown = sum(size[tid] for tid, k in zip(ex.theorem_ids, ex.n_flagged, strict=True) if k and tid in shown_ids)
    assert flag_shown > 0
    for tid, k in zip(ex.theorem_ids, ex.n_flagged, strict=True):
        if k and tid not in shown_ids:  # left out only because it did not fit beside the flagged ones taken
            assert flag_shown + size[tid] > limit
    assert f"embeds {meta['n_theorems_shown']:,} of {meta['n_theorems']:,} theorems" in text
    side = sidecar_path(out)
    assert side.name == "big.explorer.js" and side.name in text
    full = json.loads(side.read_text(encoding="utf-8").removeprefix("window.CERTIBENCH_EXPLORER_FULL = ").rstrip(";\n"))
    assert len(full["theorems"]) == meta["n_theorems"]
    # the same sample every time; a later uncapped write removes the stale sidecar
    write_html(rep, tmp_path / "again.html", explorer=ex, page_bytes=limit)
    assert _page_data((tmp_path / "again.html").read_text(encoding="utf-8"))["theorems"] == data["theorems"]
    write_html(rep, out, explorer=ex)
    assert not side.exists() and not _page_data(out.read_text(encoding="utf-8"))["meta"]["capped"]


def test_a_saved_report_json_still_renders_without_the_explorer(built: dict[str, Any]) -> None:
    page = render_html(json.loads(json.dumps(built["report"])))
    assert "<!DOCTYPE html>" in page and "Item explorer" not in page and "<script" not in page


# ----------------------------------------------------------------------------- browser


def _chromium() -> str:
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        pytest.skip("no Chromium installed (Debian: apt-get install chromium); the browser test cannot run")
    return exe


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    exe = _chromium()
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package drives the browser (pip install playwright)")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(
            executable_path=exe,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"],
        )
        try:
            yield b
        finally:
            b.close()


class _Page:
    """A page that refuses every non-file request and records page errors."""

    def __init__(self, browser: Any, url: str) -> None:
        self.ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = self.ctx.new_page()
        self.errors: list[str] = []
        self.network: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))

        def route(r: Any) -> None:
            if r.request.url.startswith("file://"):
                r.continue_()
            else:
                self.network.append(r.request.url)
                r.abort()

        self.page.route("**/*", route)
        self.page.goto(url)

    def rows(self) -> list[dict[str, Any]]:
        """What the explorer shows: per visible item row, its family and answer cells."""
        return self.page.evaluate(
            """() => Array.from(document.querySelectorAll('#ex-list section.thm')).flatMap(sec =>
                 Array.from(sec.querySelectorAll('tr[id^="item-"]')).map(tr => ({
                   theorem: sec.id.slice(4), id: tr.id.slice(5), flag: tr.classList.contains('flag'),
                   family: tr.querySelector('td.fam').firstChild.textContent,
                   answers: Array.from(tr.querySelectorAll('td.ans .v')).map(v => v.textContent),
                   header: Array.from(sec.querySelectorAll('th')).slice(2).map(th => th.textContent)})))"""
        )

    def close(self) -> None:
        self.ctx.close()


def test_the_page_works_offline_in_chromium(browser: Any, built: dict[str, Any], tmp_path: Path) -> None:
    table, rep = built["table"], built["report"]
    pg = _Page(browser, built["html"].as_uri())
    page = pg.page
    try:
        data = _page_data(built["html"].read_text(encoding="utf-8"))
        n_items = sum(len(t["items"]) for t in data["theorems"])
        assert page.locator("#ex-count").inner_text().startswith(f"{n_items} items in {len(data['theorems'])} theorems")
        assert page.locator("#ex-list section.thm").count() == min(25, len(data["theorems"]))
        first = pg.rows()[0]
        assert first["header"] == list(MODELS)

        # a heatmap cell links to the wrong answers of its model and family
        model, fam = "gamma", rep["meta"]["families"][0]
        cell = page.locator(f"svg a[*|href='#explore?model={model}&family={fam}&answer=wrong']")
        assert cell.count() == 1
        cell.click()
        page.wait_for_function("location.hash.startsWith('#explore?')")
        assert page.locator("#ex-model").input_value() == model and page.locator("#ex-family").input_value() == fam
        fc = table.families.index(fam)
        mi = table.models.index(model)
        unp = table.n_unparsed if table.n_unparsed is not None else table.n_samples * 0
        cell_items = [i for i in range(table.n_items) if table.family_codes[i] == fc]
        want = {str(table.item_ids[i]) for i in cell_items if table.maj[i, mi] == 0 and unp[i, mi] == 0}
        n_unparsed = sum(1 for i in cell_items if unp[i, mi] > 0)
        while page.locator("#ex-more").is_visible():
            page.locator("#ex-more").click()
        shown = pg.rows()
        assert want and {r["id"] for r in shown} == want
        assert all(r["family"] == fam and r["answers"] == ["✗"] and r["header"] == [model] for r in shown)
        # the cell's failure rate = (wrong + unparsed) / answered; the explorer's "wrong" is a parsed wrong answer
        rate = rep["models"][model]["family_failure_rates"][fam]
        assert len(want) + n_unparsed == round(rate * rep["models"][model]["family_counts"][fam])

        # filters: audit-flagged only
        page.locator("#ex-reset").click()
        page.locator("#ex-flagged").check()
        while page.locator("#ex-more").is_visible():
            page.locator("#ex-more").click()
        shown = pg.rows()
        assert {r["id"] for r in shown} == set(rep["audit"]["flagged"]) and all(r["flag"] for r in shown)

        # correct answers of one model
        page.locator("#ex-reset").click()
        page.select_option("#ex-model", "beta")
        page.select_option("#ex-answer", "correct")
        while page.locator("#ex-more").is_visible():
            page.locator("#ex-more").click()
        bi = table.models.index("beta")
        assert {r["id"] for r in pg.rows()} == {str(table.item_ids[i]) for i in range(table.n_items) if table.maj[i, bi] == 1}
        assert all(r["answers"] == ["✓"] for r in pg.rows())

        # a certificate: rule chain of a T1 item, counterexample of a FALSE sibling
        page.locator("#ex-reset").click()
        t1 = next(it for it in built["items"] if (it.certificate or {}).get("chain"))
        page.fill("#ex-search", t1.id)
        row = page.locator(f"tr[id='item-{t1.id}']")
        row.locator("details.cert > summary").click()
        box = row.locator(".certbox").last
        # the chain's steps are stored as AST data; the explorer shows them as Lean text
        step = display_certificate(t1.certificate)["chain"][0]
        assert step["after"] and "{" not in step["after"]
        assert step["rule"] in box.inner_text() and step["after"] in box.inner_text()
        assert "[object Object]" not in box.inner_text()
        false = next(it for it in built["items"] if (it.certificate or {}).get("counterexample"))
        page.fill("#ex-search", false.id)
        row = page.locator(f"tr[id='item-{false.id}']")
        row.locator("details.cert > summary").click()
        text = row.locator(".certbox").last.inner_text()
        assert "counterexample" in text and all(k in text for k in false.certificate["counterexample"])

        # the injection attempt in a raw answer is shown as text, never run
        page.locator("#ex-reset").click()
        page.fill("#ex-search", built["items"][1].id)
        assert "<script>window.__pwned" in page.locator("#ex-list").inner_text()
        assert page.evaluate("window.__pwned === undefined")

        # a malformed or unknown link filter is ignored, not an error
        page.evaluate("location.hash = '#explore?model=%E0%A4%A&family=nope&answer=maybe'")
        page.wait_for_timeout(100)
        assert page.locator("#ex-family").input_value() == "" and page.locator("#ex-answer").input_value() == ""

        page.screenshot(path=str(tmp_path / "explorer.png"), full_page=False)
        assert pg.errors == [] and pg.network == [] and pg.dialogs == []
    finally:
        pg.close()


def test_a_capped_page_shows_its_sample_and_loads_the_full_data_beside_it(
    browser: Any, built: dict[str, Any], tmp_path: Path
) -> None:
    ex, rep = built["explorer"], built["report"]
    out = tmp_path / "big.html"
    write_html(rep, out, explorer=ex, page_bytes=ex.full_bytes() // 3)
    meta = _page_data(out.read_text(encoding="utf-8"))["meta"]
    pg = _Page(browser, out.as_uri())
    try:
        assert pg.page.locator("#ex-count").inner_text().startswith(f"{ex.n_items} items in {len(ex.theorems)} theorems")
        assert "loaded from the full data file" in pg.page.locator("#ex-note").inner_text()
        assert pg.errors == [] and pg.network == []
    finally:
        pg.close()
    sidecar_path(out).unlink()
    pg = _Page(browser, out.as_uri())
    try:
        assert pg.page.locator("#ex-count").inner_text().startswith(
            f"{meta['n_items_shown']} items in {meta['n_theorems_shown']} theorems"
        )
        assert f"embeds {meta['n_theorems_shown']:,} of {meta['n_theorems']:,} theorems" in pg.page.locator("#ex-note").inner_text()
        assert pg.errors == [] and pg.network == []
    finally:
        pg.close()
