"""The columnar responses reader (pyarrow, Parquet) against the per-line reference reader:
identical columns, identical errors (file, line, field, message) and byte-identical JSON
reports, on clean files and on files full of bad lines."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from certibench.io import InputFileError, RecordValidationError
from certibench.metrics import reader as rd
from certibench.metrics.columns import ResponseColumns
from certibench.metrics.table import build_table, load_table, read_responses
from certibench.report.json_report import report_from_table
from certibench.schema import Item

FAMS = ["canonical", "syntactic", "quantifier", "order"]
ITEMS = [Item(id=f"t{t}_{f}", theorem_id=f"t{t}", family=f) for t in range(6) for f in FAMS]
IDS = [it.id for it in ITEMS]


def assert_same_columns(a: ResponseColumns, b: ResponseColumns) -> None:
    for f in ("item_code", "model_code", "correct", "sample", "error", "line"):
        x, y = getattr(a, f), getattr(b, f)
        assert x.dtype == y.dtype, (f, x.dtype, y.dtype)
        assert np.array_equal(x, y), (f, x.tolist()[:20], y.tolist()[:20])
    assert a.item_vocab == b.item_vocab
    assert a.model_vocab == b.model_vocab
    assert a.file == b.file
    assert (a.unparsed is None) == (b.unparsed is None), (a.unparsed, b.unparsed)
    if a.unparsed is not None:
        assert np.array_equal(a.unparsed, b.unparsed)


def both(path: Path) -> tuple[ResponseColumns, list[str]]:
    """Read with both readers, check they agree, return the columnar result (a file the
    reference cannot read at all must fail the same way in both)."""
    try:
        ref, ref_errs = read_responses(path, reader="lines")
    except InputFileError as exc:
        with pytest.raises(InputFileError) as ei:
            read_responses(path, reader="columnar")
        assert str(ei.value) == str(exc)
        return ResponseColumns.from_arrays([], [], []), [str(exc)]
    cols, errs = read_responses(path, reader="columnar")
    assert_same_columns(cols, ref)
    assert [str(e) for e in errs] == [str(e) for e in ref_errs]
    assert [(e.file, e.line, e.field) for e in errs] == [(e.file, e.line, e.field) for e in ref_errs]
    return cols, [str(e) for e in errs]


def report_bytes(path: Path, reader: str) -> str:
    items_p = path.parent / "items.jsonl"
    if not items_p.exists():
        items_p.write_text("".join(json.dumps(it.model_dump(exclude_none=True)) + "\n" for it in ITEMS))
    table = load_table(items_p, path, reader=reader)  # type: ignore[arg-type]
    rep = report_from_table(table, n_boot=50, n_perm=20, seed=3)
    return json.dumps(rep, indent=2, ensure_ascii=False, allow_nan=False)


def good(k: int, model: str = "m1", **extra: object) -> dict:
    d = {"item_id": IDS[k % len(IDS)], "model": model, "raw": "TRUE", "parsed": "TRUE", "correct": k % 3 != 0}
    d.update(extra)
    return d


# Every kind of line a user's file can hold: (bytes of the line without its newline, note).
ODD_LINES: list[bytes] = [
    b"",  # blank
    b"   \t ",  # whitespace only
    "\u00a0\u2003".encode(),  # Unicode whitespace only: blank for Python, not for pyarrow
    b"\x0c",  # form feed only
    b"{oops",  # invalid JSON
    b'{"item_id": "t0_canonical", "model": "m1", "correct": true} trailing',
    b'{"item_id": "t0_canonical", "model": "m1", "correct": true}{"item_id": "t1_order"}',  # two objects
    b"[1, 2]",
    b"5",
    b'"a string"',
    b"null",
    b'  {"item_id": "t1_canonical", "model": "m2", "correct": true}',  # leading spaces (valid)
    b'{"item_id": "t1_canonical", "model": "m2", "correct": false}   ',  # trailing spaces (valid)
    b'{"item_id": "t2_order", "model": "m1", "raw": "x\xff y", "correct": true}',  # bad UTF-8 outside the schema
    b'{"item_id": "t2_\xfforder", "model": "m1", "correct": true}',  # bad UTF-8 in the schema
    b'\xef\xbb\xbf{"item_id": "t2_order", "model": "m2", "correct": true}',  # a BOM not on line 1
    b'{"item_id": "t3_order", "model": "m1", "correct": 1}',  # 0/1 is accepted
    b'{"item_id": "t3_order", "model": "m2", "correct": 0}',
    b'{"item_id": "t3_order", "model": "m3", "correct": "yes"}',
    b'{"item_id": "t3_order", "model": "m4", "correct": 1.0}',
    b'{"item_id": "t3_order", "model": "m5", "correct": 2}',
    b'{"item_id": "t3_order", "model": "m6", "correct": null}',
    b'{"item_id": "t3_order", "model": "m7"}',
    b'{"item_id": "t3_order", "model": "m8", "correct": NaN}',
    b'{"item_id": "t3_syntactic", "model": "m1", "correct": true, "sample": -1}',
    b'{"item_id": "t3_syntactic", "model": "m1", "correct": true, "sample": 1.0}',
    b'{"item_id": "t3_syntactic", "model": "m1", "correct": true, "sample": true}',
    b'{"item_id": "t3_syntactic", "model": "m1", "correct": true, "sample": 99999999999999999999999}',
    b'{"item_id": "t3_syntactic", "model": "m1", "correct": true, "sample": null}',
    b'{"item_id": "t3_syntactic", "model": "m1", "correct": true, "sample": 2}',
    b'{"item_id": "", "model": "m1", "correct": true}',
    b'{"item_id": "   ", "model": "m1", "correct": true}',
    b'{"item_id": 5, "model": "m1", "correct": true}',
    b'{"item_id": null, "model": "m1", "correct": true}',
    b'{"model": "m1", "correct": true}',
    '{"item_id": "t4_order", "model": "\u00a0", "correct": true}'.encode(),
    b'{"item_id": "t4_order", "model": "m1", "error": "HTTP 500"}',
    b'{"item_id": "t4_order", "model": "m2", "error": "", "correct": true}',
    b'{"item_id": "t4_order", "model": "m3", "error": 5}',
    b'{"item_id": "t4_order", "model": "m4", "error": false, "correct": true}',
    b'{"item_id": "t4_order", "model": "m5", "error": null, "correct": false}',
    b'{"item_id": "t4_canonical", "model": "m1", "parsed": null, "correct": false}',  # unparsed
    b'{"item_id": "t4_canonical", "model": "m2", "parsed":null, "correct": false}',
    b'{"item_id": "t4_canonical", "model": "m3", "parsed" :\tnull, "correct": false}',
    b'{"item_id": "t4_canonical", "model": "m4", "correct": false, "meta": {"parsed": null}}',  # nested: parsed
    b'{"item_id": "t4_canonical", "model": "m5", "parsed": null, "correct": false, "meta": {"a": 1}}',
    b'{"item_id": "t4_canonical", "model": "m6", "pars\\u0065d": null, "correct": false}',  # escaped key
    b'{"item_id": "t4_canonical", "model": "m7", "parsed": null, "parsed": "TRUE", "correct": true}',
    b'{"item_id": "t4_canonical", "model": "m8", "parsed": "TRUE", "parsed": null, "correct": true}',
    b'{"item_id": "t4_canonical", "model": "m9", "raw": "\\"parsed\\": null", "correct": true}',
    b'{"item_id": "t4_syntactic", "model": "m1", "correct": true, "correct": false}',  # repeated key
    b'{"item_id": "t4_syntactic", "model": "m2", "correct": true, "raw": "a", "raw": "b"}',
    b'{"item_id": "t4_syntactic", "model": "m3", "correct": true, "latency_s": 1e400}',
    b'{"item_id": "t4_syntactic", "model": "m4", "correct": true, "x": Infinity}',
    b'{"item_id": "t4_syntactic", "model": "m5", "correct": true, "raw": "tab\there"}',  # control character
    b'{"item_\\u0069d": "t4_syntactic", "model": "m6", "correct": true}',
    b'{"item_id": "t5_order", "model": "m1", "correct": true, "sample": 0}',
    b'{"item_id": "t5_order", "model": "m1", "correct": false, "sample": 0}',  # duplicate triple
    b'{"item_id": "ghost", "model": "m1", "correct": true}',  # unknown item id
    b'{"item_id": "t5_order", "model": "m9", "correct": true, "raw": "\\ud800"}',  # lone surrogate
    b"{}",
    # adversary round 6: an object spread over lines (pretty-printed), a lone surrogate in
    # an id, a key that ends in an escaped quote before "parsed", samples near 2^63
    b'{"item_id": "t5_order",\n "model": "m2", "correct": true}',
    b'{\n"item_id": "t5_order", "model": "m3", "correct": true\n}',
    b'{"item_id": "t5_order", "model": "m\\udc00", "correct": true}',
    b'{"item_id": "t5_order", "model": "m4", "correct": true, "note\\"parsed": null}',
    b'{"item_id": "t5_order", "model": "m5", "correct": true, "sample": 4611686018427387903}',
    b'{"item_id": "t5_order", "model": "m5", "correct": true, "sample": 9223372036854775807}',
    b'{"item_id": "t5_order", "model": "m5", "correct": true, "sample": 0}',
    # adversary round 7: number spellings pyarrow reads and Python's json does not; a key
    # followed by much whitespace before ": null"
    b'{"item_id": "t5_syntactic", "model": "m1", "correct": true, "latency_s": Inf}',
    b'{"item_id": "t5_syntactic", "model": "m2", "correct": true, "latency_s": -Inf}',
    b'{"item_id": "t5_syntactic", "model": "m3", "correct": true, "latency_s": -NaN}',
    b'{"item_id": "t5_syntactic", "model": "m4", "correct": true, "latency_s": -Infinity}',
    b'{"item_id": "t5_syntactic", "model": "m5", "correct": false, "parsed"' + b" " * 90 + b': null}',
]


def write_lines(path: Path, lines: list[bytes], eol: bytes = b"\n", final_eol: bool = True) -> Path:
    data = eol.join(lines)
    if final_eol:
        data += eol
    path.write_bytes(data)
    return path


def good_lines(n: int, seed: int = 0) -> list[bytes]:
    rng = random.Random(seed)
    return [json.dumps(good(rng.randrange(10_000), model=f"m{rng.randrange(1, 5)}", sample=rng.randrange(3))).encode() for _ in range(n)]


def test_clean_file_is_read_in_bulk_and_identically(tmp_path: Path) -> None:
    p = write_lines(tmp_path / "r.jsonl", good_lines(500))
    cols, errs = both(p)
    assert len(cols) + sum("duplicate" in e for e in errs) >= 1 and not [e for e in errs if "duplicate" not in e]
    assert report_bytes(p, "columnar") == report_bytes(p, "lines")


@pytest.mark.parametrize("eol", [b"\n", b"\r\n"])
@pytest.mark.parametrize("final_eol", [True, False])
def test_every_odd_line_gets_the_reference_verdict(tmp_path: Path, eol: bytes, final_eol: bool) -> None:
    lines = good_lines(40, seed=1)
    for k, odd in enumerate(ODD_LINES):
        lines.insert(3 + 2 * k, odd)
    p = write_lines(tmp_path / "r.jsonl", lines, eol, final_eol)
    cols, errs = both(p)
    # the reference's own verdicts, spot-checked (so the comparison above cannot pass vacuously)
    by_line = {int(e.split(":")[1]): e for e in errs}
    line_of = {odd: lines.index(odd) + 1 for odd in ODD_LINES if odd}
    assert "invalid JSON" in by_line[line_of[b"{oops"]]
    assert "not UTF-8" in by_line[line_of[b'{"item_id": "t2_order", "model": "m1", "raw": "x\xff y", "correct": true}']]
    assert "field 'correct': expected true/false, got 'yes'" in by_line[line_of[b'{"item_id": "t3_order", "model": "m3", "correct": "yes"}']]
    assert "field 'sample': expected a non-negative integer, got -1" in by_line[
        line_of[b'{"item_id": "t3_syntactic", "model": "m1", "correct": true, "sample": -1}']
    ]
    assert "Invalid control character" in by_line[line_of[b'{"item_id": "t4_syntactic", "model": "m5", "correct": true, "raw": "tab\there"}']]
    assert cols.unparsed is not None
    unparsed_models = {cols.model_vocab[int(c)] for c, u in zip(cols.model_code, cols.unparsed, strict=True) if u}
    assert {"m1", "m2", "m3", "m5", "m6"} <= unparsed_models  # errors, plain / compact / escaped nulls
    lines_by_model = {
        (cols.item_of(k), cols.model_of(k)): bool(cols.unparsed[k]) for k in range(len(cols)) if cols.item_of(k) == "t4_canonical"
    }
    assert lines_by_model[("t4_canonical", "m4")] is False  # a nested "parsed": null is not the answer's
    assert lines_by_model[("t4_canonical", "m7")] is False  # the last of two keys wins, as in json.loads
    assert lines_by_model[("t4_canonical", "m8")] is True
    assert lines_by_model[("t4_canonical", "m9")] is False  # inside a string
    assert report_bytes(p, "columnar") == report_bytes(p, "lines")


def test_small_chunks_bisect_to_the_bad_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With tiny chunks every refused chunk is split until the bad lines stand alone (and
    the refusal budget sends the rest of a bad chunk to the reference): same result."""
    lines = good_lines(300, seed=2)
    rng = random.Random(5)
    for odd in ODD_LINES:
        lines.insert(rng.randrange(len(lines)), odd)
    lines.insert(0, b"")  # not uniform: forces the chunked path
    p = write_lines(tmp_path / "r.jsonl", lines)
    expected = both(p)
    for chunk, budget in ((300, 48), (2000, 2), (64 << 20, 1)):
        monkeypatch.setattr(rd, "CHUNK_BYTES", chunk)
        monkeypatch.setattr(rd, "FAIL_BUDGET", budget)
        cols, errs = both(p)
        assert errs == expected[1]
        assert_same_columns(cols, expected[0])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    picks=st.lists(st.integers(0, len(ODD_LINES) + 30), min_size=1, max_size=60),
    eol=st.sampled_from([b"\n", b"\r\n"]),
    final_eol=st.booleans(),
    bom=st.booleans(),
    chunk=st.sampled_from([40, 300, 64 << 20]),
)
def test_random_files_agree_with_the_reference(
    tmp_path: Path, picks: list[int], eol: bytes, final_eol: bool, bom: bool, chunk: int
) -> None:
    """Also with the file read in small chunks (lines split across chunk reads, a chunk of
    one line longer than the chunk size, irregular lines at chunk edges)."""
    pool = ODD_LINES + good_lines(31, seed=9)
    lines = [pool[k] for k in picks]
    if bom:
        lines[0] = b"\xef\xbb\xbf" + lines[0]
    p = write_lines(tmp_path / "fuzz.jsonl", lines, eol, final_eol)
    old = rd.CHUNK_BYTES
    rd.CHUNK_BYTES = chunk
    try:
        both(p)
    finally:
        rd.CHUNK_BYTES = old


def test_chunked_reading_of_a_clean_file_gives_the_same_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clean file cut into many chunks (each parsed and dictionary-encoded on its own,
    vocabularies unified afterwards): the same columns and the same report bytes."""
    p = write_lines(tmp_path / "r.jsonl", good_lines(2000, seed=4))
    whole = both(p)
    want = report_bytes(p, "lines")
    for chunk in (1000, 7777):
        monkeypatch.setattr(rd, "CHUNK_BYTES", chunk)
        cols, errs = both(p)
        assert errs == whole[1]
        assert_same_columns(cols, whole[0])
        assert report_bytes(p, "columnar") == want


def _through_pipe(tmp_path: Path, data: bytes, name: str = "pipe") -> tuple[Path, object]:
    """A named pipe that yields ``data`` once (a writer thread; join it after reading)."""
    import os
    import threading

    fifo = tmp_path / name
    os.mkfifo(fifo)

    def write() -> None:
        try:
            fifo.write_bytes(data)
        except BrokenPipeError:  # a reader that refused the stream closed it early
            pass

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    return fifo, writer


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs named pipes")
def test_a_pipe_is_read_like_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``read_responses(<(...))`` from Python: both readers read a stream like the file
    (they look at a file more than once: a pipe used to give 0 rows and no error), with
    the same columns and errors, named by the path the caller gave."""
    lines = good_lines(3000, seed=5)
    lines[7] = b'{"item_id": "t1_canonical", "model": "m1", "correct": "yes"}'
    p = write_lines(tmp_path / "r.jsonl", lines)
    ref, ref_errs = read_responses(p, reader="lines")
    monkeypatch.setattr(rd, "CHUNK_BYTES", 10_000)
    for k, reader in enumerate(("columnar", "lines")):
        fifo, writer = _through_pipe(tmp_path, p.read_bytes(), f"pipe{k}")
        cols, errs = read_responses(fifo, reader=reader)  # type: ignore[arg-type]
        writer.join()  # type: ignore[attr-defined]
        assert cols.file == str(fifo)
        assert_same_columns(cols, ResponseColumns(**{**ref.__dict__, "file": str(fifo)}))
        assert [str(e).replace(str(fifo), "F") for e in errs] == [str(e).replace(str(p), "F") for e in ref_errs]
        assert len(errs) == 1 and str(errs[0]).startswith(f"{fifo}:8: field 'correct'")


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs named pipes")
def test_every_reader_reads_a_json_array_parquet_or_items_from_a_pipe(tmp_path: Path) -> None:
    """A JSON array and Parquet (sniffed by their first bytes, then read again), an items
    file with a repeated id (read again for its lines) and load_table, each from a pipe:
    the same rows and messages as from the file; strict errors and a gzip stream name the
    pipe, never a temporary copy."""
    import gzip

    from certibench.io import iter_records, load_items
    from certibench.metrics.table import load_items as table_load_items

    rows = [good(k) for k in range(40)]
    arr = tmp_path / "r.json"
    arr.write_text(json.dumps(rows))
    pq_file = _parquet(tmp_path / "r.parquet", rows)
    for k, src in enumerate((arr, pq_file)):
        for reader in ("columnar", "lines"):
            ref, _ = read_responses(src, reader=reader)  # type: ignore[arg-type]
            fifo, writer = _through_pipe(tmp_path, src.read_bytes(), f"{reader}{k}")
            cols, errs = read_responses(fifo, reader=reader)  # type: ignore[arg-type]
            writer.join()  # type: ignore[attr-defined]
            assert errs == [] and cols.item_code.size == 40
            assert_same_columns(cols, ResponseColumns(**{**ref.__dict__, "file": str(fifo)}))

    items = tmp_path / "items.jsonl"
    body = "".join(json.dumps(it.model_dump(exclude_none=True)) + "\n" for it in ITEMS)
    items.write_text(body + json.dumps({"id": IDS[3]}) + "\n")  # a repeated id on the last line
    for k, load in enumerate((load_items, table_load_items)):
        want_items, want_errs = load(items)
        fifo, writer = _through_pipe(tmp_path, items.read_bytes(), f"items{k}")
        got_items, got_errs = load(fifo)
        writer.join()  # type: ignore[attr-defined]
        assert [it.id for it in got_items] == [it.id for it in want_items] == IDS
        assert [str(e).replace(str(fifo), "F") for e in got_errs] == [str(e).replace(str(items), "F") for e in want_errs]
        assert str(got_errs[0]).startswith(f"{fifo}:{len(ITEMS) + 1}: field 'id': duplicate item id")

    items.write_text(body)
    resp = write_lines(tmp_path / "t.jsonl", [json.dumps(good(k)).encode() for k in range(24)] + [b"{broken"])
    want = load_table(items, resp)
    fifo_i, wi = _through_pipe(tmp_path, items.read_bytes(), "ti")
    fifo_r, wr = _through_pipe(tmp_path, resp.read_bytes(), "tr")
    got = load_table(fifo_i, fifo_r)
    wi.join(), wr.join()  # type: ignore[attr-defined]
    assert [str(w).replace(str(fifo_r), "F") for w in got.warnings] == [str(w).replace(str(resp), "F") for w in want.warnings]
    assert got.warnings and got.warnings[0].file == str(fifo_r)
    assert np.array_equal(got.p, want.p, equal_nan=True)

    fifo, writer = _through_pipe(tmp_path, resp.read_bytes(), "strict")
    with pytest.raises(RecordValidationError) as ei:
        read_responses(fifo, strict=True)
    writer.join()  # type: ignore[attr-defined]
    assert str(ei.value).startswith(f"{fifo}:25: ") and ei.value.record_error.file == str(fifo)
    recs = list(iter_records(_through_pipe(tmp_path, b'{"a": 1}\n{oops\n', "iter")[0]))
    assert recs[0] == (1, {"a": 1}) and recs[1][1].file == str(tmp_path / "iter")

    fifo, writer = _through_pipe(tmp_path, gzip.compress(resp.read_bytes()), "gz")
    with pytest.raises(InputFileError, match=f"^{re.escape(str(fifo))}: gzip-compressed"):
        read_responses(fifo)
    writer.join(timeout=5)  # type: ignore[attr-defined]


def test_strict_raises_the_same_first_error(tmp_path: Path) -> None:
    lines = good_lines(20)
    lines[7] = b'{"item_id": "t0_order", "model": "m1", "correct": "maybe"}'
    lines[12] = b"{broken"
    p = write_lines(tmp_path / "r.jsonl", lines)
    msgs = []
    for reader in ("columnar", "lines"):
        with pytest.raises(RecordValidationError) as ei:
            read_responses(p, strict=True, reader=reader)  # type: ignore[arg-type]
        msgs.append(str(ei.value))
    assert msgs[0] == msgs[1] and msgs[0].startswith(f"{p}:8: field 'correct'")


def test_empty_blank_array_and_unreadable_files(tmp_path: Path) -> None:
    for name, data in (("empty.jsonl", b""), ("blank.jsonl", b"\n\n  \n"), ("one.jsonl", b'{"item_id": "t0_order", "model": "m", "correct": true}')):
        p = tmp_path / name
        p.write_bytes(data)
        both(p)
    arr = tmp_path / "arr.json"
    arr.write_text(json.dumps([good(1), {"item_id": "t0_order"}, good(2, model="m2")]))
    cols, errs = both(arr)
    assert len(cols) == 2 and errs[0].startswith(f"{arr}:2: field 'model'")
    with pytest.raises(InputFileError, match="cannot read"):
        read_responses(tmp_path / "missing.jsonl", reader="columnar")
    binary = tmp_path / "bin.jsonl"
    binary.write_bytes(b"\x00\x01garbage")
    with pytest.raises(InputFileError, match="binary"):
        read_responses(binary, reader="columnar")


def _parquet(path: Path, rows: list[dict]) -> Path:
    """Rows as Parquet; a column for every key of any row (a missing key is a null cell)."""
    keys = list(dict.fromkeys(k for r in rows for k in r))
    pq.write_table(pa.table({k: [r.get(k) for r in rows] for k in keys}), path)
    return path


def test_parquet_gives_the_same_report_as_jsonl(tmp_path: Path) -> None:
    rng = random.Random(4)
    rows = []
    for k in range(400):
        r = good(rng.randrange(10_000), model=f"m{rng.randrange(1, 6)}", sample=rng.randrange(2))
        if k % 37 == 0:
            r["parsed"] = None
            r["correct"] = False
        if k % 53 == 0:
            r = {"item_id": r["item_id"], "model": r["model"], "sample": r["sample"], "error": "HTTP 500"}
        rows.append(r)
    jl = tmp_path / "r.jsonl"
    jl.write_text("".join(json.dumps(r) + "\n" for r in rows))
    pqf = _parquet(tmp_path / "r.parquet", rows)
    cols_p, errs_p = both(pqf)
    cols_j, errs_j = both(jl)
    for f in ("item_code", "model_code", "correct", "sample", "error", "line"):
        assert np.array_equal(getattr(cols_p, f), getattr(cols_j, f)), f
    assert cols_p.unparsed is not None and np.array_equal(cols_p.unparsed, cols_j.unparsed)
    assert [e.replace(str(pqf), "F") for e in errs_p] == [e.replace(str(jl), "F") for e in errs_j]
    assert report_bytes(pqf, "columnar").replace(str(pqf), "F") == report_bytes(jl, "columnar").replace(str(jl), "F")


def test_parquet_with_unusual_column_types_follows_the_reference(tmp_path: Path) -> None:
    rows = [good(k) for k in range(30)]
    for k, r in enumerate(rows):
        r["correct"] = int(r["correct"]) if k % 2 else float(r["correct"])  # ints pass, floats do not
        r["sample"] = k % 3
    p = _parquet(tmp_path / "mixed.parquet", [{**r, "correct": float(r["correct"])} for r in rows])
    cols, errs = both(p)
    assert len(cols) == 0 and errs[0] == f"{p}:1: field 'correct': expected true/false, got 0.0"
    assert errs[1] == f"{p}:2: field 'correct': expected true/false, got 1.0"
    ints = _parquet(tmp_path / "ints.parquet", [{**r, "correct": int(r["correct"]), "item_id": r["item_id"] if k != 4 else ""} for k, r in enumerate(rows)])
    cols, errs = both(ints)
    assert len(cols) == 29 and errs == [f"{ints}:5: field 'item_id': required field is missing or not a non-empty string"]
    neg = _parquet(tmp_path / "neg.parquet", [{**r, "correct": True, "sample": -1 if k == 3 else k} for k, r in enumerate(rows)])
    cols, errs = both(neg)
    assert errs == [f"{neg}:4: field 'sample': expected a non-negative integer, got -1"]
    broken = tmp_path / "broken.parquet"
    broken.write_bytes(b"PAR1 not really parquet")
    with pytest.raises(InputFileError, match="Parquet"):
        read_responses(broken, reader="columnar")


@pytest.mark.parametrize(("string_type", "shared"), [("string", False), ("large_string", False), ("string", True)])
def test_parquet_dictionaries_in_any_order_give_first_seen_vocabularies(
    tmp_path: Path, string_type: str, shared: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ids read as Parquet's own dictionaries (one per row group, in the writer's order -
    here reversed, with values no row uses, nulls and blank ids): the same vocabularies,
    codes and errors as the per-row reference, and the same report bytes as the JSONL."""
    rng = random.Random(11)
    typ = getattr(pa, string_type)()
    rows = [good(rng.randrange(10_000), model=f"m{rng.randrange(1, 5)}", sample=rng.randrange(2)) for _ in range(300)]
    for k in (5, 77, 150):
        rows[k]["item_id"] = None
    rows[90]["item_id"] = "  "
    rows[200]["model"] = None
    pw = None
    pqf = tmp_path / "dict.parquet"
    for lo in range(0, len(rows), 47):  # row groups of 47 rows, each with its own dictionary
        part = rows[lo : lo + 47]
        cols = {}
        for key in ("item_id", "model"):
            vals = [r[key] for r in part]
            pool = rows if shared else part  # shared: every row group has the same dictionary
            vocab = sorted({r[key] for r in pool if r[key] is not None} | {"unused-" + key}, reverse=True)
            codes = pa.array([None if v is None else vocab.index(v) for v in vals], type=pa.int32())
            cols[key] = pa.DictionaryArray.from_arrays(codes, pa.array(vocab, type=typ))
        for key in ("raw", "parsed", "correct", "sample"):
            cols[key] = pa.array([r[key] for r in part])
        tbl = pa.table(cols)
        if pw is None:
            pw = pq.ParquetWriter(pqf, tbl.schema)
        pw.write_table(tbl)
    assert pw is not None
    pw.close()
    assert pq.ParquetFile(pqf).metadata.num_row_groups == 7
    calls: list[str] = []
    real = rd._first_seen_codes
    monkeypatch.setattr(rd, "_first_seen_codes", lambda col: calls.append(str(col.type)) or real(col))
    cols_p, errs_p = both(pqf)
    assert len(calls) == 2  # item ids and model names came as dictionaries
    assert len(errs_p) == 5 and len(cols_p) == 295
    jl = tmp_path / "dict.jsonl"
    jl.write_text("".join(json.dumps(r) + "\n" for r in rows))
    cols_j, errs_j = both(jl)
    assert cols_p.item_vocab == cols_j.item_vocab and cols_p.model_vocab == cols_j.model_vocab
    assert [e.replace(str(pqf), "F") for e in errs_p] == [e.replace(str(jl), "F") for e in errs_j]
    assert report_bytes(pqf, "columnar").replace(str(pqf), "F") == report_bytes(jl, "columnar").replace(str(jl), "F")


def test_parquet_ids_encoded_in_two_halves_keep_first_seen_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long plain-string id column is dictionary-encoded in two halves on two threads and
    the halves unified: the same vocabularies, codes, errors and report bytes as the
    reference (the cut falls inside a row group)."""
    rng = random.Random(12)
    rows = [good(rng.randrange(10_000), model=f"m{rng.randrange(1, 5)}", sample=rng.randrange(2)) for _ in range(400)]
    rows[3]["item_id"] = None
    rows[350]["item_id"] = ""
    pqf = tmp_path / "halves.parquet"
    pq.write_table(pa.table({k: [r.get(k) for r in rows] for k in rows[0]}), pqf, row_group_size=37)
    calls: list[int] = []
    real = rd._dict_encode
    monkeypatch.setattr(rd, "_dict_encode", lambda col: calls.append(len(col)) or real(col))
    monkeypatch.setattr(rd, "PARALLEL_ENCODE", 50)
    cols, errs = both(pqf)
    assert calls.count(200) >= 2 and 400 not in calls  # the two halves, never the whole column
    assert len(cols) == 398 and len(errs) == 2
    jl = tmp_path / "halves.jsonl"
    jl.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert report_bytes(pqf, "columnar").replace(str(pqf), "F") == report_bytes(jl, "columnar").replace(str(jl), "F")


def test_build_from_columns_equals_build_from_records(tmp_path: Path) -> None:
    rows = [json.loads(x) for x in good_lines(200, seed=3)]
    p = write_lines(tmp_path / "r.jsonl", [json.dumps(r).encode() for r in rows])
    cols, _ = read_responses(p)
    a = report_from_table(build_table(ITEMS, cols), n_boot=30, n_perm=10)
    b = report_from_table(build_table(ITEMS, rows), n_boot=30, n_perm=10)
    a["meta"]["warnings"] = [w.replace(str(p), "<responses>") for w in a["meta"]["warnings"]]
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


# ------------------------------------------------------------------ items
ODD_ITEMS: list[bytes] = [
    b"",
    b"{broken",
    b"[1]",
    b'{"id": ""}',
    b'{"id": "  "}',
    b'{"id": 7}',
    b'{"theorem_id": "T9"}',
    b'{"id": "fam-null", "family": null}',
    b'{"id": "fam-null-nested", "certificate": {"family": null}}',
    b'{"id": "fam-escaped", "f\\u0061mily": null}',
    b'{"id": "fam-empty", "family": ""}',
    b'{"id": "tier-ok", "tier": "tier2", "theorem_id": "T1", "family": "F3"}',
    b'{"id": "tier-int", "tier": 3}',
    b'{"id": "tier-bad", "tier": "tier9"}',
    b'{"id": "proto-ok", "protocol": "wemath"}',
    b'{"id": "proto-bad", "protocol": "chess"}',
    b'{"id": "concepts-ok", "concepts": ["a", "b"]}',
    b'{"id": "concepts-null", "concepts": ["a", null]}',
    b'{"id": "concepts-str", "concepts": "a"}',
    b'{"id": "cert-str", "certificate": "yes"}',
    b'{"id": "cert-ok", "certificate": {"verdict": "certified", "chain": [1, 2]}}',
    b'{"id": "label-float", "label": 1.0}',
    b'{"id": "label-ok", "label": 2}',
    b'{"id": "steps-ok", "steps": ["x"], "ground_truth": [1, {"a": null}]}',
    b'{"id": "utf8-bad", "nl_question": "caf\xe9"}',
    b'{"id": "extra", "domain": "algebra", "whatever": {"x": [null]}}',
    b'{"id": "dup-key", "theorem_id": "A", "theorem_id": "B"}',
    b'\xef\xbb\xbf{"id": "bom-not-first"}',
    b'  {"id": "leading-space", "theorem_id": "T2"}',
    b'{"id": "th-empty", "theorem_id": ""}',
    b'{"id": "surrogate", "nl_question": "\\ud800"}',
]


def _item_lines(n: int) -> list[bytes]:
    return [json.dumps({"id": f"t{k // 4}_{FAMS[k % 4]}", "theorem_id": f"t{k // 4}", "family": FAMS[k % 4], "tier": "tier1", "nl_question": "Is it? TRUE or FALSE", "domain": "algebra"}).encode() for k in range(n)]


def both_items(path: Path) -> list[str]:
    from certibench.metrics.columns import ItemColumns
    from certibench.metrics.table import load_items

    try:
        ref, ref_errs = load_items(path, reader="lines")
    except InputFileError as exc:  # unreadable as a whole (e.g. line 1 opens a JSON array)
        with pytest.raises(InputFileError) as ei:
            load_items(path, reader="columnar")
        assert str(ei.value) == str(exc)
        return [str(exc)]
    cols, errs = load_items(path, reader="columnar")
    assert [str(e) for e in errs] == [str(e) for e in ref_errs]
    if isinstance(cols, ItemColumns):
        assert cols.ids == [it.id for it in ref]
        assert cols.class_ids == [it.class_id for it in ref]
        assert cols.families == [it.family for it in ref]
    assert [it.model_dump() for it in cols] == [it.model_dump() for it in ref]  # materialized on demand
    return [str(e) for e in errs]


def test_item_reader_agrees_with_the_reference(tmp_path: Path) -> None:
    from certibench.metrics.columns import ItemColumns
    from certibench.metrics.table import load_items

    lines = _item_lines(24)
    for k, odd in enumerate(ODD_ITEMS):
        lines.insert(2 + 2 * k, odd)
    p = write_lines(tmp_path / "items.jsonl", lines)
    errs = both_items(p)
    cols, _ = load_items(p)
    assert isinstance(cols, ItemColumns) and cols._items is None  # nothing built yet
    bad = {e.split(":")[1] for e in errs}
    ids = {}
    for x in ODD_ITEMS:
        m = re.search(rb'"id": "([^"]+)"', x)
        if m:
            ids[m.group(1).decode()] = str(lines.index(x) + 1)
    # a lone surrogate escape is not Unicode text: refused (it crashed the report's writers)
    for must_fail in ("fam-null", "fam-escaped", "tier-bad", "proto-bad", "concepts-null", "concepts-str", "cert-str", "utf8-bad", "bom-not-first", "surrogate"):
        assert ids[must_fail] in bad, must_fail
    # pydantic's lax mode takes 3 as tier T3 and 1.0 as label 1: pyarrow refuses those
    # lines (type change) and the reference accepts them, as the per-line loader does
    for must_pass in ("fam-null-nested", "fam-empty", "tier-ok", "tier-int", "proto-ok", "cert-ok", "label-ok", "label-float", "extra", "leading-space", "th-empty"):
        assert ids[must_pass] not in bad, must_pass
    # the table built from lazily-read items is the table built from Item objects
    resp = write_lines(tmp_path / "r.jsonl", good_lines(200, seed=8))
    ref_items, _ = load_items(p, reader="lines")
    a = report_from_table(build_table(cols, read_responses(resp)[0]), n_boot=20, n_perm=5, by="tier")
    b = report_from_table(build_table(ref_items, read_responses(resp)[0]), n_boot=20, n_perm=5, by="tier")
    assert json.dumps(a) == json.dumps(b)


def test_untyped_item_fields_read_raw_give_the_items_values(tmp_path: Path) -> None:
    """``ground_truth`` (the majority baseline) and extra fields (``--by``) are read from the
    items file without building Items: every JSON spelling gives the value the Item holds,
    so the reports (with ``by`` on an extra field, also on a subset) are the same bytes."""
    from certibench.metrics.columns import ItemColumns
    from certibench.metrics.table import load_items

    values = [b'"TRUE"', b'"FALSE"', b"true", b"1", b"1.0", b"null", b'{"b": 1, "a": [2]}', b"[1, 2]", b'"caf\\u00e9"',
              b'"\\ud83d\\ude00"', b'"x\\"y"', b'""']
    lines = []
    for k in range(48):
        t, f = divmod(k, 4)
        gt = values[k % len(values)]
        dom = values[(k * 5 + 3) % len(values)]
        if k % 11 == 0:
            line = b'{"id": "t%d_%s", "theorem_id": "t%d", "family": "%s", "ground_truth": "TRUE", "ground_truth": %s, "domain": %s}'
        elif k % 7 == 0:
            line = b'{"id": "t%d_%s", "theorem_id": "t%d", "family": "%s", "ground_\\u0074ruth": %s, "d\\u006fmain": %s}'
        elif k % 5 == 0:
            line = b'{"id": "t%d_%s", "theorem_id": "t%d", "family": "%s", "gt": %s, "nodomain": %s}'
        else:
            line = b'{"id": "t%d_%s", "theorem_id": "t%d", "family": "%s", "ground_truth": %s, "domain": %s}'
        lines.append(line % (t, FAMS[f].encode(), t, FAMS[f].encode(), gt, dom))
    p = write_lines(tmp_path / "items.jsonl", lines)
    both_items(p)
    cols, _ = load_items(p)
    ref, _ = load_items(p, reader="lines")
    assert isinstance(cols, ItemColumns)
    assert cols.raw_field("ground_truth") == [it.ground_truth for it in ref]
    assert cols.raw_field("domain") == [(it.model_extra or {}).get("domain") for it in ref]
    assert cols.raw_field("tier") is None  # typed: only the Items say
    assert cols._items is None  # nothing built for the untyped fields
    rows = [{"item_id": it.id, "model": f"m{m}", "parsed": "TRUE", "correct": (k + m) % 3 > 0}
            for m in range(3) for k, it in enumerate(ref) if (k + m) % 9 and k % 13 != 12]  # some unanswered: a subset
    resp = tmp_path / "r.jsonl"
    resp.write_text("".join(json.dumps(r) + "\n" for r in rows))
    for by in ("domain", "ground_truth"):
        a = report_from_table(build_table(load_items(p)[0], read_responses(resp)[0]), n_boot=20, n_perm=5, by=by)
        b = report_from_table(build_table(ref, read_responses(resp)[0]), n_boot=20, n_perm=5, by=by)
        assert json.dumps(a) == json.dumps(b), by
        assert len(a["by"]["groups"]) > 3


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(picks=st.lists(st.integers(0, len(ODD_ITEMS) + 20), min_size=1, max_size=40), eol=st.sampled_from([b"\n", b"\r\n"]))
def test_random_item_files_agree_with_the_reference(tmp_path: Path, picks: list[int], eol: bytes) -> None:
    pool = ODD_ITEMS + _item_lines(21)
    seen: set[bytes] = set()
    lines = [pool[k] for k in picks if not (pool[k] in seen or seen.add(pool[k]))]  # type: ignore[func-returns-value]
    both_items(write_lines(tmp_path / "items.jsonl", lines, eol))


def test_item_schema_covers_every_item_field() -> None:
    from typing import get_args

    from certibench.metrics.reader import _TIERS_OK, PROTOCOLS, _item_schema
    from certibench.schema import Item as ItemModel
    from certibench.schema import normalize_tier

    assert set(_item_schema().names) | {"ground_truth"} == set(ItemModel.model_fields)
    ann = ItemModel.model_fields["protocol"].annotation
    assert PROTOCOLS == {a for arg in get_args(ann) for a in get_args(arg) if isinstance(a, str)}
    for t in _TIERS_OK:  # the pydantic-free shortcut only lists spellings the real rule accepts
        assert normalize_tier(t) in ("T1", "T2", "T3")


def test_repeated_item_ids_fall_back_to_the_line_loader(tmp_path: Path) -> None:
    p = write_lines(tmp_path / "items.jsonl", [b'{"id": "a"}', b'{"id": "b"}', b'{"id": "a", "theorem_id": "X"}'])
    errs = both_items(p)
    assert errs == [f"{p}:3: field 'id': duplicate item id 'a' (first at line 1; that one is kept)"]


# ------------------------------------------------------------------ Parquet wherever JSONL is
def _parquet_rows(path: Path, rows: list[dict]) -> Path:
    return _parquet(path, rows)


def test_score_and_items_accept_parquet(tmp_path: Path) -> None:
    """`certibench score processbench PRED.parquet` scores as PRED.jsonl does, and an items
    file may be Parquet too (read through certibench.io)."""
    from typer.testing import CliRunner

    from certibench.cli.main import app
    from certibench.metrics.table import load_items
    from tests.helpers import shared_file

    rows = []
    for s in ("gsm8k", "math"):
        for k, r in enumerate(json.loads(shared_file(f"processbench/{s}.json").read_text(encoding="utf-8"))[:40]):
            rows.append({"id": r["id"], "subset": s, "label": r["label"], "response": f"\\boxed{{{r['label'] if k % 3 else -1}}}"})
    jl = tmp_path / "pb.jsonl"
    jl.write_text("".join(json.dumps(r) + "\n" for r in rows))
    pqf = _parquet_rows(tmp_path / "pb.parquet", rows)
    outs = []
    for pred in (jl, pqf):
        out = tmp_path / f"{pred.suffix}.json"
        res = CliRunner().invoke(app, ["score", "processbench", str(pred), "--json", str(out)])
        assert res.exit_code == 0, res.output
        outs.append(json.loads(out.read_text()))
        assert outs[-1]["input"].pop("file") == str(pred)
    assert outs[0] == outs[1] and outs[0]["input"]["records"] == 80 and not outs[0]["input"]["errors"]
    items_pq = _parquet_rows(tmp_path / "items.parquet", [it.model_dump(exclude_none=True) for it in ITEMS])
    got, errs = load_items(items_pq)
    assert not errs and [it.model_dump() for it in got] == [it.model_dump() for it in ITEMS]


def test_report_run_dir_falls_back_to_responses_parquet(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from certibench.cli.main import app
    from certibench.run.rundir import write_parquet

    run = tmp_path / "run"
    run.mkdir()
    items_p = tmp_path / "items.jsonl"
    items_p.write_text("".join(json.dumps(it.model_dump(exclude_none=True)) + "\n" for it in ITEMS))
    (run / "run.json").write_text(json.dumps({"items_path": str(items_p)}))
    rows = [json.loads(x) for x in good_lines(150, seed=12)]
    write_parquet(rows, run / "responses.parquet")
    out = tmp_path / "r.json"
    res = CliRunner().invoke(app, ["report", "--run", str(run), "--json", str(out), "--n-boot", "20", "--n-perm", "5"])
    assert res.exit_code == 0, res.output
    rep = json.loads(out.read_text())
    dups = [w for w in rep["meta"]["warnings"] if "duplicate response" in w]
    assert rep["meta"]["n_warnings"] == len(dups) > 0  # good_lines repeats some (item, model, sample)
    assert rep["meta"]["n_responses"] + len(dups) == 150
    assert all(w.startswith(f"{run / 'responses.parquet'}:") for w in dups)


def test_json_array_detection_looks_at_the_head_like_certibench_io(tmp_path: Path) -> None:
    """4 KB of blank lines then a '[': certibench.io reads JSONL (the head decides), so must we."""
    p = tmp_path / "r.jsonl"
    p.write_bytes(b"\n" * 5000 + b'[{"item_id": "t0_order", "model": "m", "correct": true}]\n' + json.dumps(good(1)).encode() + b"\n")
    cols, errs = both(p)
    assert len(cols) == 1 and errs == [f"{p}:5001: expected a JSON object, got list"]


def test_parsed_chunks_are_not_kept_and_bad_lines_are_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A regular file's chunks are dropped once parsed (at 10^7 lines they were 1 GB kept
    only for the bad lines); a bad line found later - by the vectorised checks, in any
    chunk - is read again from the file, with the reference's exact message."""
    lines = good_lines(1200, seed=11)
    for k in (5, 300, 301, 777, 1199):  # caught after parsing: empty model, negative sample, no verdict
        lines[k] = [b'{"item_id": "t1_canonical", "model": "", "correct": true}',
                    b'{"item_id": "t2_canonical", "model": "m3", "sample": -1, "correct": true}',
                    b'{"item_id": "t3_canonical", "model": "m3", "correct": null}'][k % 3]
    p = write_lines(tmp_path / "r.jsonl", lines)
    monkeypatch.setattr(rd, "CHUNK_BYTES", 9_000)
    released, reloaded = [], []
    orig_release, orig_reload = rd._BulkJsonl.release, rd._BulkJsonl.reload
    monkeypatch.setattr(rd._BulkJsonl, "release", lambda self: (released.append(self.line0), orig_release(self))[1])
    monkeypatch.setattr(rd._BulkJsonl, "reload", lambda self: (reloaded.append(self.line0), orig_reload(self))[1])
    cols, errs = both(p)
    assert len(released) > 10 and len(reloaded) >= 3  # every chunk dropped; those with bad lines read again
    assert [e.split(":")[1] for e in errs] == ["6", "301", "302", "778", "1200"]


def test_a_file_changed_before_its_bad_lines_are_read_again_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    lines = good_lines(400, seed=12)
    lines[250] = b'{"item_id": "t1_canonical", "model": "", "correct": true}'
    p = write_lines(tmp_path / "r.jsonl", lines)
    monkeypatch.setattr(rd, "CHUNK_BYTES", 4_000)
    orig = rd._assemble

    def edit_then_assemble(*args: object, **kw: object) -> object:
        data = bytearray(p.read_bytes())
        data[data.index(b'"model": ""')] = ord(" ")  # same size, other bytes, a later mtime
        p.write_bytes(bytes(data))
        st = p.stat()
        os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
        return orig(*args, **kw)

    monkeypatch.setattr(rd, "_assemble", edit_then_assemble)
    with pytest.raises(InputFileError, match="changed while being read"):
        read_responses(p, reader="columnar")


def test_parquet_parsed_of_null_type_and_nested_columns_follow_the_reference(tmp_path: Path) -> None:
    """Adversary round 6: a `parsed` column of Arrow's null type (what a run in which no
    answer parsed writes) is every answer unparsed, not every answer parsed; a struct or
    list column is read, not refused as "not a readable Parquet file"."""
    rows = [good(k, model=f"m{k % 3}") for k in range(60)]
    base = {k: [r[k] for r in rows] for k in ("item_id", "model", "raw", "correct")}
    cases = {
        "null": pa.nulls(len(rows)),
        "struct": pa.array([{"label": "TRUE"} if k % 2 else None for k in range(len(rows))]),
        "list": pa.array([["TRUE"] if k % 4 else None for k in range(len(rows))]),
    }
    for name, parsed in cases.items():
        p = tmp_path / f"{name}.parquet"
        pq.write_table(pa.table({**base, "parsed": parsed}), p)
        cols, _ = both(p)
        assert cols.unparsed is not None
        assert int(cols.unparsed.sum()) == sum(v is None for v in parsed.to_pylist()), name
        assert report_bytes(p, "columnar") == report_bytes(p, "lines")
    p = tmp_path / "model_struct.parquet"
    pq.write_table(pa.table({**base, "model": pa.array([{"name": m} for m in base["model"]])}), p)
    cols, errs = both(p)
    assert len(cols) == 0 and len(errs) == len(rows) and "field 'model'" in errs[0]


def test_sample_numbers_near_2_63_are_not_duplicates(tmp_path: Path) -> None:
    """Adversary round 6: (cell, sample) keys were cell * (max sample + 1) + sample in
    int64; a sample of 2^62 - 1 wrapped around and made distinct responses "duplicates",
    2^63 - 1 overflowed."""
    lines = [json.dumps(good(k, model="m1", sample=0)).encode() for k in range(len(IDS))]
    lines.append(json.dumps(good(0, model="m1", sample=2**62 - 1)).encode())
    lines.append(json.dumps(good(1, model="m1", sample=2**63 - 1)).encode())
    p = write_lines(tmp_path / "r.jsonl", lines)
    items_p = tmp_path / "items.jsonl"
    items_p.write_text("".join(json.dumps(it.model_dump(exclude_none=True)) + "\n" for it in ITEMS))
    for reader in ("lines", "columnar"):
        table = load_table(items_p, p, reader=reader)  # type: ignore[arg-type]
        assert not table.warnings, table.warnings[:3]
        assert int(table.n_samples.sum()) == len(lines)


def test_error_false_is_no_error(tmp_path: Path) -> None:
    """Adversary round 6: `"error": false` counted as an errored response (every accuracy
    0, no warning).  false / "" / null are no error, a message or true is one, and any
    other value is a bad field — in both readers."""
    lines = [
        json.dumps({"item_id": IDS[0], "model": "m1", "correct": True, "error": False}).encode(),
        json.dumps({"item_id": IDS[1], "model": "m1", "correct": True, "error": ""}).encode(),
        json.dumps({"item_id": IDS[2], "model": "m1", "correct": True, "error": None}).encode(),
        json.dumps({"item_id": IDS[3], "model": "m1", "error": "HTTP 500"}).encode(),
        json.dumps({"item_id": IDS[4], "model": "m1", "error": True}).encode(),
        json.dumps({"item_id": IDS[5], "model": "m1", "correct": True, "error": 0}).encode(),
    ]
    p = write_lines(tmp_path / "r.jsonl", lines)
    cols, errs = both(p)
    assert cols.error.tolist() == [0, 0, 0, 1, 1] and cols.correct.tolist() == [1, 1, 1, 0, 0]
    assert errs == [f"{p}:6: field 'error': expected an error message (a string), true, false or null, got 0"]


def test_binary_and_gzip_files_are_refused_by_name(tmp_path: Path) -> None:
    """A gzip file says what it is and how to read it; other binary data is refused — in
    both readers, with the same message."""
    import gzip

    gz = tmp_path / "r.jsonl.gz"
    gz.write_bytes(gzip.compress(b"".join(json.dumps(good(k)).encode() + b"\n" for k in range(5))))
    _, errs = both(gz)
    assert errs == [f"{gz}: gzip-compressed: decompress it first (zcat {gz} > FILE.jsonl, or pass <(zcat {gz}))"]
    binf = tmp_path / "r.bin"
    binf.write_bytes(b'{"a": 1}\n\x00\x01\x02')
    _, errs = both(binf)
    assert errs == [f"{binf}: not a text file (binary data)"]


def test_json_arrays_parquet_text_and_depth_are_bad_records_not_crashes(tmp_path: Path) -> None:
    """Adversary round 7: a JSON-array responses file skipped the surrogate and depth
    checks (tracebacks); a Parquet string cell that is not UTF-8 crashed; the per-line
    depth limit depended on the caller's stack depth."""
    from certibench.io import MAX_JSON_DEPTH, decode_jsonl_line

    arr = tmp_path / "r.json"
    arr.write_text(json.dumps([good(0), dict(good(1), model="m\ud800"), good(2)]), encoding="utf-8")
    cols, errs = both(arr)
    assert len(cols) == 2 and errs == [f"{arr}:2: field 'model': not valid Unicode text (a lone surrogate escape \\uD800-\\uDFFF)"]
    deep = tmp_path / "deep.json"
    deep.write_text("[" + json.dumps(good(0))[:-1] + ', "x": ' + "[" * 3000 + "]" * 3000 + "}]", encoding="utf-8")
    _, errs = both(deep)
    assert errs == [f"{deep}: invalid JSON array: a record nested more than {MAX_JSON_DEPTH} levels"]
    line = json.dumps(good(0))[:-1].encode() + b', "x": ' + b"[" * 700 + b"]" * 700 + b"}"

    def nested(k: int) -> object:
        return decode_jsonl_line("f", 1, line) if k == 0 else nested(k - 1)

    assert str(nested(0)) == str(nested(300)) == f"f:1: invalid JSON: nested more than {MAX_JSON_DEPTH} levels"
    # a Parquet string cell that is not UTF-8: that row is bad, in both readers
    bad = pa.Array.from_buffers(pa.string(), 3, [None, pa.py_buffer(np.array([0, 1, 3, 4], dtype=np.int32).tobytes()),
                                                  pa.py_buffer(b"a\xff\xfeb")])
    pqp = tmp_path / "r.parquet"
    pq.write_table(pa.table({"item_id": IDS[:3], "model": bad, "correct": [True, False, True]}), pqp)
    cols, errs = both(pqp)
    assert len(cols) == 2 and errs == [f"{pqp}:2: field 'model': not UTF-8 text"]


def _nested(d: dict, depth: int, in_string: bool = False) -> bytes:
    """``d`` as one JSON line with an extra field nested ``depth`` levels below the top
    object (or, with ``in_string``, that many brackets inside a string)."""
    inner = '"' + "[" * depth + '"' if in_string else "[" * (depth - 1) + "]" * (depth - 1)
    return (json.dumps(d)[:-1] + ', "meta": ' + inner + "}").encode()


def test_lines_nested_beyond_the_limit_are_bad_lines_in_both_readers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The columnar reader parsed a line nested deeper than the per-line reader's fixed
    limit (pyarrow reads any depth) - the one known difference between the two readers.
    Such lines now go to the reference; one level less stays a good line, brackets inside
    a string do not nest, and a run's nested ``meta`` costs nothing extra."""
    from certibench.io import MAX_JSON_DEPTH

    lines = [json.dumps(good(k, meta={"usage": {"prompt_tokens": k}})).encode() for k in range(60)]
    lines[0] = _nested(good(0), MAX_JSON_DEPTH + 1)
    lines[7] = _nested(good(7), MAX_JSON_DEPTH)  # exactly at the limit: readable
    lines[8] = _nested(good(8), MAX_JSON_DEPTH + 5, in_string=True)
    lines[30] = _nested(good(30), 4 * MAX_JSON_DEPTH)
    lines[59] = _nested(good(59), MAX_JSON_DEPTH + 1)  # the last line, no newline after it
    p = write_lines(tmp_path / "r.jsonl", lines, final_eol=False)
    expected = both(p)
    deep = f"invalid JSON: nested more than {MAX_JSON_DEPTH} levels"
    assert expected[1] == [f"{p}:{k}: {deep}" for k in (1, 31, 60)]
    assert len(expected[0]) == 57
    assert report_bytes(p, "columnar") == report_bytes(p, "lines")
    for chunk in (700, 5000, 64 << 20):  # a deep line alone in a chunk, several per chunk
        monkeypatch.setattr(rd, "CHUNK_BYTES", chunk)
        cols, errs = both(p)
        assert errs == expected[1]
        assert_same_columns(cols, expected[0])
    # item files: the same line is a bad line there too (they were read line by line)
    items = _item_lines(12)
    items[5] = _nested(json.loads(items[5]), MAX_JSON_DEPTH + 1)
    ip = write_lines(tmp_path / "items.jsonl", items)
    assert both_items(ip) == [f"{ip}:6: {deep}"]


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs named pipes")
def test_a_pipe_read_again_gives_its_new_rows_and_no_copy_is_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Adversary round 33: copies were cached by path for the whole process, so a named FIFO
    (or a reused /dev/fd/N) written a second time gave the first stream's rows again, with no
    error.  Each call copies what the stream holds now, and removes its copy when it returns
    (lazily built items keep theirs until exit)."""
    import os
    import tempfile
    import threading

    from certibench.io import load_records

    spool = tmp_path / "spool"
    spool.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spool))
    fifo = tmp_path / "again"
    os.mkfifo(fifo)
    for n in (1, 3):
        data = b"".join(json.dumps(good(k)).encode() + b"\n" for k in range(n))
        writer = threading.Thread(target=lambda d=data: fifo.write_bytes(d), daemon=True)
        writer.start()
        cols, errs = read_responses(fifo)
        writer.join(timeout=30)
        assert errs == [] and cols.item_code.size == n
        assert list(spool.iterdir()) == []
    writer = threading.Thread(target=lambda: fifo.write_bytes(b'{"id": "a"}\n{"id": "b"}\n'), daemon=True)
    writer.start()
    recs, errs = load_records(fifo, Item)
    writer.join(timeout=30)
    assert [r.id for r in recs] == ["a", "b"] and list(spool.iterdir()) == []
