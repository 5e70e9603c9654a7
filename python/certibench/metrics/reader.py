"""Columnar reading of responses files: JSONL parsed in bulk by pyarrow, or Parquet.

The per-line reader (:func:`certibench.metrics.table.read_responses_lines`: one
``json.loads`` and one :func:`~certibench.metrics.columns.check_response` per line) is the
reference.  This reader returns *the same* :class:`~certibench.metrics.columns.ResponseColumns`
(same arrays, same id vocabularies in the same order) and *the same* errors, but touches
each line from Python only when a bulk check says it might be bad:

1. the file is read once into memory; when every line is a plain ``{...}`` object (one
   ``bytes.count`` of ``}\\n{`` proves it) pyarrow's multi-threaded JSON reader parses the
   whole file with an explicit schema for the five fields that matter (``item_id``,
   ``model``, ``correct``, ``sample``, ``error``).  pyarrow rejects a block whose values
   change type, repeat a key, or are not valid JSON: such a block is split in halves until
   the bad lines are isolated, and those lines go through the reference (``decode_jsonl_line``
   + ``check_response``), which names file, line and field exactly as the per-line reader does.
   Lines that are not plain objects (blank lines, a byte-order mark, leading spaces) also
   go through the reference;
2. validation is vectorised: missing/empty ids (checked once per distinct id), negative
   samples, a missing ``correct`` without ``error``.  Unknown item ids and duplicate
   ``(item, model, sample)`` triples are found later, with column operations, by
   :func:`~certibench.metrics.table.build_table` (the same code for every reader);
3. what pyarrow cannot see is checked on the raw bytes: invalid UTF-8 in fields outside
   the schema (``isascii`` on the whole buffer, then a decode of the non-ASCII chunks),
   ``"parsed": null`` (a regular expression; a hit is decided on the spot when the line
   has one object and one ``parsed`` key, else by the reference) and keys spelled with
   ``\\u`` escapes (re-read by the reference).

Why pyarrow rather than polars: both parse 10^6 response lines in about the same time
(``benchmarks/metrics_bench.py --readers`` prints both), but polars silently coerces a
number to a string, keeps one of two repeated keys and decodes a lone surrogate to
``\\x00``, where pyarrow refuses the block; a refusal is what lets this reader hand exactly
those lines to the reference.  pyarrow also reads Parquet, and it is already a dependency.

Parquet files (``--responses R.parquet``) are read column-wise too; the row number stands
in for the line, and a null ``parsed`` cell is an answer that did not parse.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from certibench.io import (
    BLANK,
    PARQUET_MAGIC,
    InputFileError,
    RecordError,
    RecordValidationError,
    decode_jsonl_line,
    iter_parquet_rows,
    iter_records,
    read_parquet_table,
    validate_record,
)
from certibench.metrics.columns import (
    BadField,
    ColumnBuilder,
    ItemColumns,
    ResponseColumns,
    ResponseRow,
    check_response,
)

if TYPE_CHECKING:  # pragma: no cover
    from certibench.schema import Item

__all__ = ["pyarrow_available", "read_items_columnar", "read_responses_columnar", "read_responses_lines"]

#: the response fields the metric layer reads (pyarrow parses only these)
FIELDS = ("item_id", "model", "correct", "sample", "error")
#: regular lines per bulk parse (pyarrow threads inside one call)
CHUNK_BYTES = 64 << 20
#: a refused range this small goes line by line through the reference
LEAF_LINES = 16
#: refused sub-ranges per chunk before the whole chunk goes through the reference
FAIL_BUDGET = 48

_NULL_BACK = 64  # how far before a "null" its key may start (whitespace is rarely long)
# a key written with a \u00XX escape (e.g. "pars\u0065d"): pyarrow cannot see "parsed"
_ESCAPED_KEY = re.compile(rb'\\u00[0-9A-Fa-f]{2}[A-Za-z0-9_\\]*"[ \t\r]*:')


def pyarrow_available() -> bool:
    try:
        import pyarrow  # noqa: F401
        import pyarrow.json  # noqa: F401
    except ImportError:  # pragma: no cover - pyarrow is a core dependency
        return False
    return True


# --------------------------------------------------------------------------- reference
def read_responses_lines(path: str | os.PathLike[str], *, strict: bool = False) -> tuple[ResponseColumns, list[RecordError]]:
    """The per-line reference reader: JSONL / JSON array / Parquet, one record at a time."""
    p = Path(path)
    b = ColumnBuilder(str(p))
    it: Iterable[tuple[int, Any]] = (
        iter_parquet_rows(p, keep_nulls=True) if _is_parquet_file(p) else iter_records(p)
    )
    for lineno, obj in it:
        err = b.add(lineno, obj)
        if strict and err is not None:
            raise RecordValidationError(err)
    return b.finish(), b.errors


def _is_parquet_file(p: Path) -> bool:
    try:
        with p.open("rb") as fh:
            return fh.read(4) == PARQUET_MAGIC
    except OSError as exc:
        raise InputFileError(f"{p}: cannot read: {exc.strerror or exc}") from exc


# --------------------------------------------------------------------------- columnar
def read_responses_columnar(
    path: str | os.PathLike[str], *, strict: bool = False
) -> tuple[ResponseColumns, list[RecordError]]:
    """Read a responses file (JSONL, JSON array or Parquet) into columns.

    Same result as :func:`read_responses_lines` (arrays, vocabularies, errors); raises
    :class:`~certibench.io.InputFileError` when the file cannot be read at all and, with
    ``strict``, :class:`~certibench.io.RecordValidationError` for the first bad line.
    """
    p = Path(path)
    try:
        buf = p.read_bytes()
    except OSError as exc:
        raise InputFileError(f"{p}: cannot read: {exc.strerror or exc}") from exc
    if buf.startswith(PARQUET_MAGIC):
        del buf
        return _read_parquet(p, strict)
    if b"\x00" in buf[:4096]:
        raise InputFileError(f"{p}: not a text file (binary data)")
    if buf[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"[":  # a JSON array (as certibench.io decides)
        del buf
        return read_responses_lines(p, strict=strict)
    r = _BulkJsonl(str(p), buf, _response_schema(), b"parsed", decide_nulls=True)
    r.parse()
    cols, errors = _assemble(r.file, r.rows, r.ref_lines, r.null_lines, r._record)
    del r, buf
    if strict and errors:
        raise RecordValidationError(errors[0])
    return cols, errors


def _response_schema() -> Any:
    import pyarrow as pa

    return pa.schema(
        [
            ("item_id", pa.string()),
            ("model", pa.string()),
            ("correct", pa.bool_()),
            ("sample", pa.int64()),
            ("error", pa.string()),
        ]
    )


class _Rows:
    """Rows pyarrow parsed, with the file line of each (parallel numpy arrays)."""

    def __init__(self) -> None:
        self.lines: list[np.ndarray] = []
        self.tables: list[Any] = []

    def add(self, lines: np.ndarray, table: Any) -> None:
        self.lines.append(lines)
        self.tables.append(table)


class _BulkJsonl:
    """JSONL parsed in bulk against an explicit pyarrow schema.

    After :meth:`parse`: ``rows`` holds what pyarrow parsed (with file lines),
    ``ref_lines`` the lines only the reference may judge (not plain objects, refused by
    pyarrow, invalid UTF-8, keys spelled with escapes), and ``null_lines`` the lines whose
    top-level ``null_key`` is certainly an explicit null (with ``decide_nulls``; otherwise
    such lines join ``ref_lines``)."""

    def __init__(self, file: str, buf: bytes, schema: Any, null_key: bytes, decide_nulls: bool) -> None:
        import pyarrow as pa

        self.file = file
        self.buf = buf
        self.pa = pa
        self.schema = schema
        self.null_key = null_key
        self.null_pattern = re.compile(re.escape(b'"' + null_key + b'"') + rb"[ \t\r]*:[ \t\r]*null")
        self.decide_nulls = decide_nulls
        self.rows = _Rows()
        # lines the reference reads (line number -> None); filled by every stage
        self.ref_lines: set[int] = set()
        # line starts/ends, built only when some line is not a plain object
        self.starts: np.ndarray | None = None
        self.ends: np.ndarray | None = None

    # -- pyarrow ---------------------------------------------------------------------
    def _arrow(self, data: Any) -> Any | None:
        import pyarrow.json as pj

        try:
            return pj.read_json(
                self.pa.BufferReader(data),
                read_options=pj.ReadOptions(use_threads=True, block_size=16 << 20),
                parse_options=pj.ParseOptions(explicit_schema=self.schema, unexpected_field_behavior="ignore"),
            )
        except (self.pa.ArrowException, ValueError, UnicodeDecodeError):
            return None

    # -- line index --------------------------------------------------------------------
    def _index_lines(self) -> None:
        a = np.frombuffer(self.buf, dtype=np.uint8)
        n = a.size
        step = 1 << 26
        nl = np.concatenate([np.flatnonzero(a[o : o + step] == 10) + o for o in range(0, n, step)] or [np.zeros(0, np.int64)])
        starts = np.concatenate([[0], nl + 1]).astype(np.int64)
        ends = np.concatenate([nl, [n]]).astype(np.int64)
        if starts[-1] == n:  # the file ends with a newline: no line after it
            starts, ends = starts[:-1], ends[:-1]
        self.starts, self.ends = starts, ends

    def _record(self, lineno: int) -> Any:
        """The reference's view of one line: decoded object, RecordError or BLANK."""
        if self.starts is None:
            self._index_lines()
        assert self.starts is not None and self.ends is not None
        raw = self.buf[int(self.starts[lineno - 1]) : int(self.ends[lineno - 1])]
        return decode_jsonl_line(self.file, lineno, raw)

    # -- stages --------------------------------------------------------------------------
    def parse(self) -> None:
        buf = self.buf
        uniform = False
        tail = b"\r\n" if buf.endswith(b"}\r\n") else b"\n" if buf.endswith(b"}\n") else b"" if buf.endswith(b"}") else None
        if buf[:1] == b"{" and tail is not None:
            table = self._arrow(buf)
            if table is not None:
                r = table.num_rows
                if tail in (b"", b"\n") and buf.count(b"}\n{") == r - 1:
                    uniform = True
                elif tail in (b"", b"\r\n") and buf.count(b"}\r\n{") == r - 1 and buf.count(b"\n") == r - (tail == b""):
                    uniform = True
                if uniform:
                    self.rows.add(np.arange(1, r + 1, dtype=np.int64), table)
                del table
        if not uniform:
            self._index_lines()
            self._general()
        self._raw_checks()

    def _general(self) -> None:
        """Not every line is a plain object: index the lines, send the irregular ones to
        the reference and parse the regular ones in chunks (bisecting refused chunks)."""
        assert self.starts is not None and self.ends is not None
        a = np.frombuffer(self.buf, dtype=np.uint8)
        starts, ends = self.starts, self.ends
        nonempty = ends > starts
        first = np.zeros(starts.size, dtype=np.uint8)
        first[nonempty] = a[starts[nonempty]]
        last_pos = ends - 1
        cr = nonempty & (a[np.maximum(last_pos, 0)] == 13)
        last_pos = np.where(cr, last_pos - 1, last_pos)
        ok_last = last_pos >= starts
        last = np.zeros(starts.size, dtype=np.uint8)
        last[ok_last] = a[last_pos[ok_last]]
        regular = (first == 0x7B) & (last == 0x7D)
        self.ref_lines.update((np.flatnonzero(~regular) + 1).tolist())  # blank ones are skipped there
        reg = np.flatnonzero(regular)
        if reg.size == 0:
            return
        # chunks of about CHUNK_BYTES of regular lines
        cum = np.cumsum(ends[reg] - starts[reg] + 1)
        cuts = np.searchsorted(cum, np.arange(1, int(cum[-1]) // CHUNK_BYTES + 1) * CHUNK_BYTES)
        edges = [0, *[int(c) for c in cuts if 0 < c < reg.size], reg.size]
        for lo, hi in zip(edges[:-1], edges[1:], strict=True):
            if hi > lo:
                self._parse_lines(reg[lo:hi], [FAIL_BUDGET])

    def _parse_lines(self, idx: np.ndarray, budget: list[int]) -> None:
        """Parse the regular lines ``idx`` (0-based) in one pyarrow call; on refusal split."""
        assert self.starts is not None and self.ends is not None
        s, e = self.starts[idx], self.ends[idx]
        contiguous = bool(np.all(s[1:] == e[:-1] + 1))
        data = self.buf[int(s[0]) : int(e[-1])] if contiguous else b"\n".join(self.buf[int(x) : int(y)] for x, y in zip(s, e, strict=True))
        table = self._arrow(data)
        if table is not None and table.num_rows == idx.size:
            self.rows.add(idx.astype(np.int64) + 1, table)
            return
        budget[0] -= 1
        if idx.size <= LEAF_LINES or budget[0] <= 0:
            self.ref_lines.update((idx + 1).tolist())
            return
        mid = idx.size // 2
        self._parse_lines(idx[:mid], budget)
        self._parse_lines(idx[mid:], budget)

    def _lines_of(self, positions: list[int]) -> list[int]:
        """1-based line numbers of sorted byte positions."""
        if self.starts is not None:
            return (np.searchsorted(self.starts, np.asarray(positions, dtype=np.int64), side="right")).tolist()
        out = []
        line, prev = 1, 0
        for pos in positions:
            line += self.buf.count(b"\n", prev, pos)
            prev = pos
            out.append(line)
        return out

    def _raw_checks(self) -> None:
        """What pyarrow cannot see: invalid UTF-8 outside the schema, escaped keys and
        explicit ``"parsed": null`` (decided lines in ``self.null_lines``, the rest to
        ``self.ref_lines``)."""
        buf = self.buf
        if not buf.isascii():
            self.ref_lines.update(self._bad_utf8_lines())
        self.ref_lines.update(self._lines_of(_positions(buf, b"\\u00", _ESCAPED_KEY, 0)))
        self.null_lines: dict[int, bool] = {}  # line -> unparsed, decided without the reference
        pos = _positions(buf, b"null", self.null_pattern, _NULL_BACK)
        key = b'"' + self.null_key + b'"'
        for ln, at in zip(self._lines_of(pos), pos, strict=True):
            if ln in self.null_lines or not self.decide_nulls:
                self.ref_lines.add(ln)
                continue
            s = buf.rfind(b"\n", 0, at) + 1
            e = buf.find(b"\n", at)
            line = buf[s : e if e >= 0 else len(buf)]
            if line.count(key) == 1 and line.count(b"{") == 1:
                self.null_lines[ln] = True  # one flat object: the top-level key is null
            else:
                self.ref_lines.add(ln)

    def _bad_utf8_lines(self) -> list[int]:
        buf = self.buf
        mv = memoryview(buf)
        bad: list[int] = []
        step = 16 << 20
        o = 0
        n = len(buf)
        while o < n:
            e = buf.find(b"\n", min(o + step, n))
            e = n if e < 0 else e + 1
            try:
                str(mv[o:e], "utf-8")
            except UnicodeDecodeError:
                line = self._lines_of([o])[0] if o else 1
                for raw in buf[o:e].split(b"\n"):
                    try:
                        raw.decode("utf-8")
                    except UnicodeDecodeError:
                        bad.append(line)
                    line += 1
            o = e
        return bad

# pyarrow's ``to_numpy`` and any Python scalar handed to pyarrow.compute (``fill_null(x,
# False)``) import pandas (half a second): these helpers read the Arrow buffers instead.
def _chunks(chunked: Any) -> list[Any]:
    return [c for c in chunked.chunks if len(c)]


def _cat(parts: list[np.ndarray], dtype: Any) -> np.ndarray:
    if not parts:
        return np.zeros(0, dtype=dtype)
    return np.concatenate(parts) if len(parts) > 1 else parts[0].copy()


def _bits(buf: Any, offset: int, n: int) -> np.ndarray:
    first, last = offset // 8, (offset + n + 7) // 8
    bits = np.unpackbits(np.frombuffer(buf, dtype=np.uint8)[first:last], bitorder="little")
    start = offset - 8 * first
    return bits[start : start + n].astype(bool)


def _np_valid(chunked: Any) -> np.ndarray:
    """Not-null flags of a chunked array."""
    parts = []
    for c in _chunks(chunked):
        vb = c.buffers()[0]
        parts.append(np.ones(len(c), dtype=bool) if vb is None or c.null_count == 0 else _bits(vb, c.offset, len(c)))
    return _cat(parts, bool)


def _np_values(chunked: Any, dtype: Any) -> np.ndarray:
    """The value buffer of a fixed-width (integer) chunked array; null slots hold garbage."""
    size = np.dtype(dtype).itemsize
    parts = [
        np.frombuffer(c.buffers()[1], dtype=dtype, count=len(c), offset=c.offset * size) for c in _chunks(chunked)
    ]
    return _cat(parts, dtype)


def _np_bool_values(chunked: Any) -> np.ndarray:
    """The value bits of a boolean chunked array; null slots hold garbage."""
    return _cat([_bits(c.buffers()[1], c.offset, len(c)) for c in _chunks(chunked)], bool)


def _np_nonempty(chunked: Any) -> np.ndarray:
    """Not null and not the empty string, for a string chunked array."""
    parts = []
    for c in _chunks(chunked):
        offs = np.frombuffer(c.buffers()[1], dtype=np.int32, count=len(c) + 1, offset=c.offset * 4)
        parts.append(np.diff(offs) > 0)
    return _cat(parts, bool) & _np_valid(chunked)


def _positions(buf: bytes, needle: bytes, pattern: re.Pattern[bytes], back: int) -> list[int]:
    """Sorted start positions of ``pattern`` matches in ``buf``, where every match contains
    ``needle`` at most ``back`` bytes after its start.  ``bytes.find`` from needle to needle
    (one pass at C speed; an anchored search around each hit); past ``len(buf) // 4096``
    hits the rest of the buffer is left to one regex scan."""
    out: list[int] = []
    last = -1
    hits = 0
    limit = max(64, len(buf) // 4096)
    i = buf.find(needle)
    while i >= 0:
        hits += 1
        if hits > limit:
            start = max(last + 1, i - back)
            out.extend(m.start() for m in pattern.finditer(buf, start))
            return out
        m = pattern.search(buf, max(last + 1, i - back), i + len(needle) + (0 if back else 256))
        if m is not None and m.start() > last:
            out.append(m.start())
            last = m.start()
        i = buf.find(needle, i + 1)
    return out


def _indices(dict_chunked: Any) -> np.ndarray:
    """The (null-free, ``null_encoding="encode"``) indices of a dictionary chunked array."""
    import pyarrow as pa

    return _np_values(pa.chunked_array([c.indices for c in dict_chunked.chunks], type=pa.int32()), np.int32).astype(
        np.int64
    )


def _vocab(dict_chunked: Any) -> list[str | None]:
    """The dictionary of a dictionary-encoded string column as Python strings.  pyarrow
    does not check UTF-8 while parsing JSON: an invalid value becomes None (its lines are
    already marked for the reference by the raw-byte UTF-8 check)."""
    import pyarrow as pa

    if not dict_chunked.num_chunks:
        return []
    d = dict_chunked.chunk(0).dictionary
    out: list[str | None] = []
    for v in d.cast(pa.binary()).to_pylist():
        if v is None:
            out.append(None)
            continue
        try:
            out.append(v.decode("utf-8"))
        except UnicodeDecodeError:
            out.append(None)
    return out


def _extend_codes(vocab: list[Any], codes: np.ndarray, extra: list[str]) -> tuple[list[Any], np.ndarray]:
    index = {v: k for k, v in enumerate(vocab) if v is not None}
    vocab = list(vocab)
    more = np.empty(len(extra), dtype=np.int64)
    for k, s in enumerate(extra):
        c = index.get(s)
        if c is None:
            c = index[s] = len(vocab)
            vocab.append(s)
        more[k] = c
    return vocab, np.concatenate([codes.astype(np.int64, copy=False), more])


def _first_seen(vocab: list[Any], codes: np.ndarray) -> tuple[list[Any], np.ndarray]:
    """Drop unused vocabulary entries and renumber in first-occurrence order."""
    n = len(vocab)
    if codes.size == 0:
        return [], codes.astype(np.int64)
    first = np.full(n, codes.size, dtype=np.int64)
    first[codes[::-1]] = np.arange(codes.size - 1, -1, -1, dtype=np.int64)  # earliest wins
    used = np.flatnonzero(first < codes.size)
    order = used[np.argsort(first[used], kind="stable")]
    remap = np.full(n, -1, dtype=np.int64)
    remap[order] = np.arange(order.size)
    return [vocab[k] for k in order], remap[codes]


def _assemble(
    file: str,
    rows: _Rows,
    ref_lines: set[int],
    null_lines: dict[int, bool],
    record: Callable[[int], Any],
) -> tuple[ResponseColumns, list[RecordError]]:
    """Columns from the bulk-parsed rows plus the reference's verdict on ``ref_lines``
    (``record(line)`` returns what the reference decodes there)."""
    import pyarrow as pa

    tables = rows.tables
    if tables:
        lines = np.concatenate(rows.lines)
        tbl = pa.concat_tables(tables) if len(tables) > 1 else tables[0]
        rows.tables, rows.lines = [], []
        item_d = tbl.column("item_id").dictionary_encode(null_encoding="encode")
        model_d = tbl.column("model").dictionary_encode(null_encoding="encode")
        item_vocab = _vocab(item_d)
        model_vocab = _vocab(model_d)
        ic = _indices(item_d)
        mc = _indices(model_d)
        cor_valid = _np_valid(tbl.column("correct"))
        cor_null = ~cor_valid
        correct = (_np_bool_values(tbl.column("correct")) & cor_valid).astype(np.int8)
        smp = tbl.column("sample")
        sample = np.where(_np_valid(smp), _np_values(smp, np.int64), 0)
        has_err = _np_nonempty(tbl.column("error"))
        del tbl, item_d, model_d, smp
        bad_item = np.fromiter((v is None or not v.strip() for v in item_vocab), dtype=bool, count=len(item_vocab))
        bad_model = np.fromiter((v is None or not v.strip() for v in model_vocab), dtype=bool, count=len(model_vocab))
        bad = bad_item[ic] | bad_model[mc] | (sample < 0) | (cor_null & ~has_err)
        if ref_lines:
            ref_sorted = np.fromiter(ref_lines, dtype=np.int64, count=len(ref_lines))
            ref_sorted.sort()
            pos = np.searchsorted(ref_sorted, lines)
            in_ref = (pos < ref_sorted.size) & (ref_sorted[np.minimum(pos, ref_sorted.size - 1)] == lines)
            bad |= in_ref
        if bad.any():
            ref_lines.update(lines[bad].tolist())
            keep = ~bad
            lines, ic, mc = lines[keep], ic[keep], mc[keep]
            correct, sample, has_err = correct[keep], sample[keep], has_err[keep]
        correct[has_err] = 0
        unparsed = has_err.copy()
        if null_lines:
            nl_arr = np.fromiter(null_lines, dtype=np.int64, count=len(null_lines))
            nl_arr.sort()
            pos = np.searchsorted(nl_arr, lines)
            unparsed |= (pos < nl_arr.size) & (nl_arr[np.minimum(pos, nl_arr.size - 1)] == lines)
    else:
        lines = np.zeros(0, np.int64)
        ic = mc = np.zeros(0, np.int64)
        correct = np.zeros(0, np.int8)
        sample = np.zeros(0, np.int64)
        has_err = unparsed = np.zeros(0, bool)
        item_vocab, model_vocab = [], []

    errors: list[RecordError] = []
    ref_rows: list[tuple[int, ResponseRow]] = []
    if ref_lines:
        for ln in sorted(ref_lines):
            obj = record(ln)
            if obj is BLANK:
                continue
            if isinstance(obj, RecordError):
                errors.append(obj)
                continue
            r = check_response(obj)
            if isinstance(r, BadField):
                errors.append(RecordError(file, ln, r.field, r.message))
            else:
                ref_rows.append((ln, r))
    renumber = bool(ref_lines)
    if ref_rows:
        item_vocab, ic = _extend_codes(item_vocab, ic, [r.item_id for _, r in ref_rows])
        model_vocab, mc = _extend_codes(model_vocab, mc, [r.model for _, r in ref_rows])
        lines = np.concatenate([lines, np.asarray([ln for ln, _ in ref_rows], dtype=np.int64)])
        correct = np.concatenate([correct, np.asarray([r.correct for _, r in ref_rows], dtype=np.int8)])
        sample = np.concatenate([sample, np.asarray([r.sample for _, r in ref_rows], dtype=np.int64)])
        has_err = np.concatenate([has_err, np.asarray([r.error for _, r in ref_rows], dtype=bool)])
        unparsed = np.concatenate([unparsed, np.asarray([r.unparsed for _, r in ref_rows], dtype=bool)])
        order = np.argsort(lines, kind="stable")
        lines, ic, mc = lines[order], ic[order], mc[order]
        correct, sample, has_err, unparsed = correct[order], sample[order], has_err[order], unparsed[order]
    if renumber:  # vocabularies in first-seen order among the kept rows
        item_vocab, ic = _first_seen(item_vocab, ic)
        model_vocab, mc = _first_seen(model_vocab, mc)
    cols = ResponseColumns(
        item_code=ic.astype(np.int64, copy=False),
        item_vocab=[str(v) for v in item_vocab],
        model_code=mc.astype(np.int64, copy=False),
        model_vocab=[str(v) for v in model_vocab],
        correct=correct.astype(np.int8, copy=False),
        sample=sample,
        error=has_err.astype(bool, copy=False),
        line=lines,
        file=file,
        unparsed=unparsed if unparsed.any() else None,
    )
    return cols, errors

# --------------------------------------------------------------------------- Parquet
_STRING_TYPES = ("string", "large_string")


def _read_parquet(p: Path, strict: bool) -> tuple[ResponseColumns, list[RecordError]]:
    """A Parquet responses file, column-wise.  Rows stand for lines (1-based); a null
    cell is what the per-row reader sees as ``None``.  Columns of other types than
    string / bool / integer go through the per-row reference as a whole."""
    import pyarrow as pa

    tbl = read_parquet_table(p, columns=[*FIELDS, "parsed"])
    names = set(tbl.column_names)
    n = tbl.num_rows

    def col(name: str, typ: Any) -> Any | None:
        if name not in names:
            return pa.chunked_array([pa.nulls(n, typ)])
        c = tbl.column(name)
        t = c.type
        if pa.types.is_dictionary(t):
            c = c.cast(t.value_type)
            t = c.type
        if pa.types.is_null(t):
            return c.cast(typ)
        if typ == pa.string() and (pa.types.is_string(t) or pa.types.is_large_string(t)):
            return c.cast(pa.string())
        if typ == pa.bool_() and pa.types.is_boolean(t):
            return c
        if typ == pa.int64() and pa.types.is_integer(t) and not pa.types.is_uint64(t):
            return c.cast(pa.int64())
        return None

    cols = {name: col(name, typ) for name, typ in zip(FIELDS, _arrow_types(), strict=True)}
    if n == 0 or any(v is None for v in cols.values()):
        return read_responses_lines(p, strict=strict)
    rows = _Rows()
    rows.add(np.arange(1, n + 1, dtype=np.int64), pa.table(cols))
    null_lines: dict[int, bool] = {}
    if "parsed" in names:
        pn = ~_np_valid(tbl.column("parsed"))
        null_lines = dict.fromkeys((np.flatnonzero(pn) + 1).tolist(), True)
    cache: dict[int, Any] = {}

    def record(ln: int) -> Any:
        if not cache:
            full = read_parquet_table(p)
            for k in ref_lines:
                cache[k] = full.slice(k - 1, 1).to_pylist()[0]
        return cache[ln]

    ref_lines: set[int] = set()
    out, errors = _assemble(str(p), rows, ref_lines, null_lines, record)
    if strict and errors:
        raise RecordValidationError(errors[0])
    return out, errors


def _arrow_types() -> list[Any]:
    import pyarrow as pa

    return [pa.string(), pa.string(), pa.bool_(), pa.int64(), pa.string()]


# --------------------------------------------------------------------------- items
#: the values Item.protocol accepts (its Literal; a test keeps the two equal)
PROTOCOLS = frozenset({"truefalse", "wemath", "processbench", "answer"})


#: tier spellings :func:`certibench.schema.normalize_tier` accepts, known without importing
#: pydantic (tests check each against the function; anything else is asked of it)
_TIERS_OK = frozenset(f"{p}{k}" for p in ("", "T", "t", "tier", "Tier", "TIER") for k in "123")


#: Item fields and the pyarrow type a value must have for pydantic to accept it as is
#: (``ground_truth`` is ``Any``: nothing to check).  tests/metrics/test_metrics_reader.py keeps
#: this in step with :class:`~certibench.schema.Item`.
def _item_schema() -> Any:
    import pyarrow as pa

    s = pa.string()
    return pa.schema(
        [
            ("id", s),
            ("theorem_id", s),
            ("family", s),
            ("tier", s),
            ("protocol", s),
            ("lean4_statement", s),
            ("nl_question", s),
            ("source", s),
            ("group", s),
            ("choices", s),
            ("image_path", s),
            ("concepts", pa.list_(s)),
            ("steps", pa.list_(s)),
            ("certificate", pa.struct([])),
            ("provenance", pa.struct([])),
            ("label", pa.int64()),
        ]
    )


def read_items_columnar(path: str | os.PathLike[str]) -> tuple[ItemColumns, list[RecordError]] | None:
    """Items of a JSONL file, validated column-wise (None: let the per-line loader do it -
    a JSON array, Parquet, or a file with repeated item ids, whose messages need it).

    A line pyarrow parses against :func:`_item_schema` has fields of the types
    :class:`~certibench.schema.Item` accepts; what types cannot say (an empty id, an
    unknown tier or protocol, a null inside a list, ``"family": null``) is checked per
    distinct value or on the raw bytes, and those lines go through the reference
    (``decode_jsonl_line`` + ``validate_record``) for their exact verdict."""
    p = Path(path)
    try:
        buf = p.read_bytes()
    except OSError as exc:
        raise InputFileError(f"{p}: cannot read: {exc.strerror or exc}") from exc
    if buf.startswith(PARQUET_MAGIC) or b"\x00" in buf[:4096] or buf[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"[":
        return None
    file = str(p)
    r = _BulkJsonl(file, buf, _item_schema(), b"family", decide_nulls=False)
    r.parse()
    lines = np.concatenate(r.rows.lines) if r.rows.lines else np.zeros(0, np.int64)
    ids: list[str | None] = []
    tids: list[str | None] = []
    fams: list[str | None] = []
    bad = np.zeros(0, dtype=bool)
    if r.rows.tables:
        import pyarrow as pa

        # pyarrow does not check UTF-8; on an ASCII file every string is valid, elsewhere
        # the raw-byte check already sent each line with invalid UTF-8 to the reference
        pystr = (lambda c: c.to_pylist()) if buf.isascii() else _strings
        tbl = pa.concat_tables(r.rows.tables) if len(r.rows.tables) > 1 else r.rows.tables[0]
        ids = pystr(tbl.column("id"))
        tids = pystr(tbl.column("theorem_id"))
        fams = pystr(tbl.column("family"))
        bad = np.fromiter((v is None or not v.strip() for v in ids), dtype=bool, count=len(ids))
        bad |= _bad_values(tbl.column("tier"), _tier_ok)
        bad |= _bad_values(tbl.column("protocol"), PROTOCOLS.__contains__)
        for name in ("concepts", "steps"):
            bad |= _list_has_null(tbl.column(name))
        del tbl
        if r.ref_lines:
            bad |= np.isin(lines, np.fromiter(r.ref_lines, dtype=np.int64, count=len(r.ref_lines)))
        r.ref_lines.update(lines[bad].tolist())
    keep = np.flatnonzero(~bad)
    good_lines = lines[keep].tolist()
    item_ids: list[str] = [ids[k] for k in keep.tolist()]  # type: ignore[misc]
    class_ids = [tids[k] or ids[k] for k in keep.tolist()]  # type: ignore[misc]
    families = [fams[k] if fams[k] is not None else "canonical" for k in keep.tolist()]
    errors: list[RecordError] = []
    extra: list[tuple[int, str, str, str]] = []
    if r.ref_lines:
        from certibench.schema import Item
    for ln in sorted(r.ref_lines):
        obj = r._record(ln)
        if obj is BLANK:
            continue
        rec = validate_record(file, ln, obj, Item)
        if isinstance(rec, RecordError):
            errors.append(rec)
        else:
            extra.append((ln, rec.id, rec.class_id, rec.family))
    del r, buf
    if extra:  # merge the reference's items in file order
        merged = sorted([*zip(good_lines, item_ids, class_ids, families, strict=True), *extra])
        good_lines = [m[0] for m in merged]
        item_ids = [m[1] for m in merged]
        class_ids = [m[2] for m in merged]
        families = [m[3] for m in merged]
    if len(set(item_ids)) != len(item_ids):
        return None  # repeated ids: the per-line loader names every occurrence's line

    def materialize() -> list[Item]:
        from certibench.schema import Item

        lines_of = _BulkJsonl(file, p.read_bytes(), None, b"family", decide_nulls=False)
        out = []
        for ln in good_lines:
            rec = validate_record(file, ln, lines_of._record(ln), Item)
            if isinstance(rec, RecordError):  # pragma: no cover - the file changed underneath
                raise InputFileError(f"{file} changed while being read ({rec})")
            out.append(rec)
        return out

    return ItemColumns(item_ids, class_ids, families, materialize), errors


def _strings(col: Any) -> list[str | None]:
    """A string column as Python strings (None for null or invalid UTF-8)."""
    import pyarrow as pa

    out: list[str | None] = []
    for v in col.cast(pa.binary()).to_pylist():
        if v is None:
            out.append(None)
            continue
        try:
            out.append(v.decode("utf-8"))
        except UnicodeDecodeError:
            out.append(None)
    return out


def _tier_ok(v: str) -> bool:
    if v in _TIERS_OK:
        return True
    from certibench.schema import normalize_tier

    try:
        normalize_tier(v)
    except ValueError:
        return False
    return True


def _bad_values(col: Any, ok: Callable[[str], bool]) -> np.ndarray:
    """Rows whose (non-null) string fails ``ok``, judged once per distinct value."""
    d = col.dictionary_encode(null_encoding="encode")
    vocab = _vocab(d)
    if not vocab:
        return np.zeros(len(col), dtype=bool)
    # None: a null cell (allowed), or invalid UTF-8 (that line is the reference's already)
    verdict = np.fromiter((v is not None and not ok(v) for v in vocab), dtype=bool, count=len(vocab))
    return verdict[_indices(d)]


def _list_has_null(col: Any) -> np.ndarray:
    """Rows whose list holds a null element (pydantic's list[str] refuses it)."""
    parts = []
    for c in _chunks(col):
        if c.values.null_count == 0:
            parts.append(np.zeros(len(c), dtype=bool))
        else:  # rare: look row by row
            parts.append(np.fromiter((v is not None and None in v for v in c.to_pylist()), dtype=bool, count=len(c)))
    return _cat(parts, bool)
