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
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from certibench.io import (
    BLANK,
    GZIP_MAGIC,
    MAX_JSON_DEPTH,
    PARQUET_MAGIC,
    InputFileError,
    RecordError,
    RecordValidationError,
    binary_file_message,
    decode_jsonl_line,
    iter_parquet_rows,
    iter_records,
    read_parquet_table,
    reads_streams,
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
#: a single column at least this long is dictionary-encoded in two halves on two threads
PARALLEL_ENCODE = 1 << 20
#: a refused range this small goes line by line through the reference
LEAF_LINES = 16
#: refused sub-ranges per chunk before the whole chunk goes through the reference
FAIL_BUDGET = 48

# a key written with a \u00XX escape (e.g. "pars\u0065d"): pyarrow cannot see "parsed"
_ESCAPED_KEY = re.compile(rb'\\u00[0-9A-Fa-f]{2}[A-Za-z0-9_\\]*"[ \t\r]*:')
# an escaped UTF-16 surrogate that is not half of a pair (paired ones are one character)
_LONE_SURROGATE = re.compile(
    rb"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)


def pyarrow_available() -> bool:
    try:
        import pyarrow  # noqa: F401
        import pyarrow.json  # noqa: F401
    except ImportError:  # pragma: no cover - pyarrow is a core dependency
        return False
    return True


# --------------------------------------------------------------------------- reference
@reads_streams
def read_responses_lines(path: str | os.PathLike[str], *, strict: bool = False) -> tuple[ResponseColumns, list[RecordError]]:
    """The per-line reference reader: JSONL / JSON array / Parquet, one record at a time."""
    p = Path(path)
    b = ColumnBuilder(str(p))
    # Parquet: the columns a response is judged on, as the columnar reader reads them (a
    # cell of another column that is not UTF-8 does not make the row bad in one reader only)
    it: Iterable[tuple[int, Any]] = (
        iter_parquet_rows(p, keep_nulls=True, columns=[*FIELDS, "parsed"]) if _is_parquet_file(p) else iter_records(p)
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
@reads_streams
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
        with p.open("rb") as fh:
            head = fh.read(4096)
            if head.startswith(PARQUET_MAGIC):
                return _read_parquet(p, strict)
            if head.startswith(GZIP_MAGIC) or b"\x00" in head:
                raise InputFileError(binary_file_message(p, head))
            if head.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"[":  # a JSON array (as certibench.io decides)
                return read_responses_lines(p, strict=strict)
            fh.seek(0)
            r = _ChunkedJsonl(str(p), fh, _response_schema(), b"parsed", decide_nulls=True, encode=("item_id", "model"))
            r.run()
    except OSError as exc:
        raise InputFileError(f"{p}: cannot read: {exc.strerror or exc}") from exc
    cols, errors = _assemble(r.file, r.rows, r.ref_lines, r.null_lines, r.record)
    del r
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
        #: per part, columns already dictionary-encoded (name -> dictionary chunked array)
        self.encoded: list[dict[str, Any]] = []

    def add(self, lines: np.ndarray, table: Any, encoded: dict[str, Any] | None = None) -> None:
        self.lines.append(lines)
        self.tables.append(table)
        self.encoded.append(encoded or {})

    def extend(self, other: _Rows, line0: int) -> None:
        """Append ``other``'s parts with their (local) lines shifted by ``line0``."""
        for lines, table, enc in zip(other.lines, other.tables, other.encoded, strict=True):
            self.add(lines + line0, table, enc)


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
        #: lines before this buffer in the file (a chunk of a larger file); set by the
        #: caller once known.  Line numbers in rows/ref_lines/null_lines stay buffer-local;
        #: :meth:`_record` takes file line numbers.
        self.line0 = 0
        self.null_lines: dict[int, bool] = {}
        #: where ``buf`` starts in its file and its length (None: a stream; kept in memory)
        self.offset: int | None = None
        self.size = len(buf)
        self.stamp: tuple[int, ...] = ()

    def release(self) -> None:
        """Drop the bytes and the line index (see :meth:`reload`)."""
        self.buf = None  # type: ignore[assignment]
        self.starts = self.ends = None

    def reload(self) -> None:
        """Read this chunk's bytes again from the file (after :meth:`release`)."""
        assert self.offset is not None
        try:
            with open(self.file, "rb") as fh:
                same = _stamp(os.fstat(fh.fileno())) == self.stamp
                data = os.pread(fh.fileno(), self.size, self.offset)
        except OSError as exc:
            raise InputFileError(f"{self.file}: cannot read: {exc.strerror or exc}") from exc
        if not same or len(data) != self.size:
            raise InputFileError(f"{self.file} changed while being read; read it again")
        self.buf = data

    # -- pyarrow ---------------------------------------------------------------------
    def _arrow(self, data: Any) -> Any | None:
        import pyarrow.json as pj

        # blocks of at most 16 MiB, at least 2 MiB, about a quarter of the data: pyarrow
        # parses blocks on all cores, so a 10 MB file is not parsed by one thread
        block = min(16 << 20, max(2 << 20, len(data) // 4))
        try:
            return pj.read_json(
                self.pa.BufferReader(data),
                read_options=pj.ReadOptions(use_threads=True, block_size=block),
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
        """The reference's view of one line (a file line number): decoded object,
        RecordError or BLANK."""
        if self.starts is None:
            self._index_lines()
        assert self.starts is not None and self.ends is not None
        k = lineno - self.line0 - 1
        raw = self.buf[int(self.starts[k]) : int(self.ends[k])]
        return decode_jsonl_line(self.file, lineno, raw)

    # -- stages --------------------------------------------------------------------------
    def parse(self) -> None:
        table = self._arrow(self.buf) if self.may_be_uniform() else None
        self.settle(table)
        del table
        self._raw_checks()

    def may_be_uniform(self) -> bool:
        """Whether every line may be a plain ``{...}`` object (then one pyarrow call on the
        whole buffer is tried); counts the object boundaries :meth:`uniform` compares."""
        buf = self.buf
        self._tail = (
            b"\r\n" if buf.endswith(b"}\r\n") else b"\n" if buf.endswith(b"}\n") else b"" if buf.endswith(b"}") else None
        )
        if buf[:1] != b"{" or self._tail is None:
            return False
        if self._tail in (b"", b"\n"):
            self._n_lf = buf.count(b"}\n{")
        if self._tail in (b"", b"\r\n"):
            self._n_crlf = buf.count(b"}\r\n{")
        return True

    def uniform(self, table: Any | None) -> bool:
        """Whether pyarrow's ``table`` of the whole buffer has one row per line (every line
        a plain object; see :meth:`may_be_uniform`, which must have returned True)."""
        if table is None:
            return False
        r = table.num_rows
        # r objects, r - 1 boundaries "}\n{" between them, and no other line break: an
        # object spread over several lines (pretty-printed JSON) keeps the boundary count
        # but adds line breaks, and must go line by line as the reference reads it
        boundaries = (self._tail in (b"", b"\n") and self._n_lf == r - 1) or (
            self._tail in (b"", b"\r\n") and self._n_crlf == r - 1
        )
        return bool(boundaries and self.buf.count(b"\n") == r - (self._tail == b""))

    def settle(self, table: Any | None, encoded: dict[str, Any] | None = None) -> int:
        """Take pyarrow's ``table`` of the whole buffer when it is :meth:`uniform`, else
        parse line by line (:meth:`_general`); returns the number of lines."""
        if table is not None and self.uniform(table):
            r = table.num_rows
            self.rows.add(np.arange(1, r + 1, dtype=np.int64), table, encoded)
            return r
        self._index_lines()
        self._general()
        assert self.starts is not None
        return int(self.starts.size)

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
        if b"\\" in buf:  # memchr: most chunks of answers without escapes skip the search
            self.ref_lines.update(self._lines_of(_positions(buf, b"\\u00", _ESCAPED_KEY, 0)))
            # a lone surrogate escape (pyarrow keeps some): the reference refuses the line
            self.ref_lines.update(self._lines_of(_positions(buf, b"\\u", _LONE_SURROGATE, 0)))
        # pyarrow reads NaN / Inf / Infinity with any sign; Python's json only NaN,
        # Infinity and -Infinity: every line that spells one goes to the reference (an
        # adversary had `"latency_s": Inf` lines counted by one reader and refused by the
        # other)
        if b"Inf" in buf or b"NaN" in buf:
            self.ref_lines.update(self._lines_of(_positions(buf, b"Inf", _INF, 0)))
            self.ref_lines.update(self._lines_of(_positions(buf, b"NaN", _NAN, 0)))
        # a line nested beyond the per-line reader's fixed limit is a bad line there and
        # pyarrow reads any depth: every line with that many opening brackets (strings
        # included) goes to the reference, which measures its depth exactly
        self.ref_lines.update(self._bracket_heavy_lines())
        self.null_lines = {}  # line -> unparsed, decided without the reference
        pos = _null_key_positions(buf, self.null_key, self.null_pattern)
        key = b'"' + self.null_key + b'"'
        for ln, at in zip(self._lines_of(pos), pos, strict=True):
            if ln in self.null_lines or not self.decide_nulls:
                self.ref_lines.add(ln)
                continue
            s = buf.rfind(b"\n", 0, at) + 1
            e = buf.find(b"\n", at)
            line = buf[s : e if e >= 0 else len(buf)]
            if line.count(key) == 1 and line.count(b"{") == 1 and b"\\" not in line:
                # one flat object without escapes: the top-level key is null (an escaped
                # quote could end another key just before it: "note\"parsed": null)
                self.null_lines[ln] = True
            else:
                self.ref_lines.add(ln)

    def _bracket_heavy_lines(self) -> list[int]:
        """Lines (1-based, buffer-local) that pyarrow may accept although they nest more
        than ``MAX_JSON_DEPTH`` levels: longer than twice the limit (a valid line that deep
        is) and with more opening brackets than the limit (strings included).  The line
        ends are found with numpy, in pieces (~0.3 s/GB); only long lines are counted."""
        buf = self.buf
        limit = 2 * MAX_JSON_DEPTH
        if len(buf) <= limit:
            return []
        if self.starts is not None and self.ends is not None:
            starts, ends = self.starts, self.ends
        else:
            a = np.frombuffer(buf, dtype=np.uint8)
            step = 1 << 26
            nl = np.concatenate([np.flatnonzero(a[o : o + step] == 10) + o for o in range(0, a.size, step)])
            starts = np.concatenate([[0], nl + 1])
            ends = np.concatenate([nl, [a.size]])
        out = []
        for k in np.flatnonzero(ends - starts > limit).tolist():
            s, e = int(starts[k]), int(ends[k])
            if buf.count(b"{", s, e) + buf.count(b"[", s, e) > MAX_JSON_DEPTH:
                out.append(k + 1)
        return out

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

class _ChunkedJsonl:
    """A JSONL file read and parsed in chunks of about :data:`CHUNK_BYTES` (cut at line
    ends), as a pipeline: while pyarrow parses (and dictionary-encodes the ``encode``
    columns of) one chunk in a worker thread - on all cores, without the GIL - the main
    thread reads the next chunk and runs the raw-byte checks (:meth:`_BulkJsonl._raw_checks`)
    on it.  Each chunk is a :class:`_BulkJsonl` (so an irregular chunk gets the per-line
    treatment alone); lines are numbered across the file.

    After :meth:`run`: ``rows``, ``ref_lines`` and ``null_lines`` as for one
    :class:`_BulkJsonl` (file line numbers), and :meth:`record` for any line."""

    def __init__(
        self,
        file: str,
        fh: Any,
        schema: Any,
        null_key: bytes,
        decide_nulls: bool,
        encode: tuple[str, ...] = (),
    ) -> None:
        self.file = file
        self.fh = fh
        self.schema = schema
        self.null_key = null_key
        self.decide_nulls = decide_nulls
        self.encode = encode
        self.rows = _Rows()
        self.ref_lines: set[int] = set()
        self.null_lines: dict[int, bool] = {}
        self.parts: list[_BulkJsonl] = []  # in file order; part.line0 = lines before it
        self._n_lines = 0
        self._loaded: _BulkJsonl | None = None  # the released chunk read again for record()
        self.stamp: tuple[int, ...] = ()  # the file's identity when it was read (see _stamp)

    def _bodies(self) -> Any:
        """Chunks of whole lines (the last one may lack its newline), read from a regular
        file with one ``pread`` per chunk, cut at a line end found by a small probe (no
        copy of a chunk: each is one fresh ``bytes``).  Pipes and devices reach the readers
        as a copy (:func:`certibench.io.rereadable`)."""
        fd = self.fh.fileno()
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # pragma: no cover - the public readers pass copies
            raise InputFileError(f"{self.file}: not a regular file")
        pos, size = self.fh.tell(), st.st_size
        self.stamp = _stamp(st)
        while pos < size:
            cut = _line_cut(fd, pos, min(pos + CHUNK_BYTES, size), size)
            data = os.pread(fd, cut - pos, pos)
            if not data:  # the file shrank while being read
                return
            yield pos, data
            pos += len(data)

    def _parse(self, part: _BulkJsonl) -> tuple[Any, dict[str, Any] | None]:
        """Worker thread: pyarrow's table of the whole chunk (None: refused or not tried)
        and its ``encode`` columns dictionary-encoded."""
        if not part.may_be_uniform():
            return None, None
        table = part._arrow(part.buf)
        if table is None:
            return None, None
        return table, {name: _dict_encode(table.column(name)) for name in self.encode}

    def run(self) -> None:
        from concurrent.futures import ThreadPoolExecutor

        in_flight: list[tuple[_BulkJsonl, Any]] = []
        with ThreadPoolExecutor(1, thread_name_prefix="certibench-jsonl") as pool:
            for offset, body in self._bodies():
                part = _BulkJsonl(self.file, body, self.schema, self.null_key, self.decide_nulls)
                part.offset, part.size, part.stamp = offset, len(body), self.stamp
                fut = pool.submit(self._parse, part)
                part._raw_checks()  # the GIL is free while pyarrow parses
                in_flight.append((part, fut))
                while len(in_flight) > 1:
                    self._settle(*in_flight.pop(0))
            for part, fut in in_flight:
                self._settle(part, fut)

    def _settle(self, part: _BulkJsonl, fut: Any) -> None:
        table, encoded = fut.result()
        n = part.settle(table, encoded)
        del table
        part.line0 = line0 = self._n_lines
        self._n_lines += n
        self.rows.extend(part.rows, line0)
        part.rows = _Rows()
        self.ref_lines.update(ln + line0 for ln in part.ref_lines)
        self.null_lines.update((ln + line0, v) for ln, v in part.null_lines.items())
        if part.offset is not None:  # a regular file: the bytes are read again if a line is asked for
            part.release()
        self.parts.append(part)

    def record(self, lineno: int) -> Any:
        """The reference's view of one file line (see :meth:`_BulkJsonl._record`).  A chunk
        of a regular file is not kept in memory once parsed (at 10^7 lines that was 1 GB):
        the chunk holding ``lineno`` is read again from the file (one chunk at a time; the
        lines are asked for in file order)."""
        import bisect

        k = bisect.bisect_right([q.line0 for q in self.parts], lineno - 1) - 1
        part = self.parts[k]
        if part.buf is None:
            if self._loaded is not None and self._loaded is not part:
                self._loaded.release()
            part.reload()
            self._loaded = part
        return part._record(lineno)


def _stamp(st: os.stat_result) -> tuple[int, ...]:
    """What identifies a file's content between two reads: device, inode, size, mtime."""
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _line_cut(fd: int, pos: int, end: int, size: int) -> int:
    """The offset just past the last newline in ``[pos, end)`` of the file ``fd`` (or, when
    that range holds none, past the first newline at or after ``end``; ``size`` at the end
    of the file), read with small probes."""
    if end >= size:
        return size
    hi = end
    while hi > pos:
        lo = max(pos, hi - (1 << 16))
        k = os.pread(fd, hi - lo, lo).rfind(b"\n")
        if k >= 0:
            return lo + k + 1
        hi = lo
    lo = end
    while lo < size:
        blk = os.pread(fd, 1 << 20, lo)
        if not blk:
            break
        k = blk.find(b"\n")
        if k >= 0:
            return lo + k + 1
        lo += len(blk)
    return size


def _compute(name: str, args: list[Any], options: Any = None) -> Any:
    """The pyarrow compute kernel ``name`` without importing ``pyarrow.compute``, whose
    import wraps every kernel in Python (~0.1 s of start-up)."""
    try:
        from pyarrow._compute import call_function
    except ImportError:  # pragma: no cover - another pyarrow layout
        from pyarrow.compute import call_function
    return call_function(name, args, options)


def _cast_options(typ: Any) -> Any:
    try:
        from pyarrow._compute import CastOptions
    except ImportError:  # pragma: no cover - another pyarrow layout
        from pyarrow.compute import CastOptions
    return CastOptions.safe(typ)


def _dict_encode(col: Any) -> Any:
    """``col.dictionary_encode(null_encoding="encode")`` (one dictionary shared by every
    chunk), see :func:`_compute`."""
    try:
        from pyarrow._compute import DictionaryEncodeOptions
    except ImportError:  # pragma: no cover - another pyarrow layout
        from pyarrow.compute import DictionaryEncodeOptions
    return _compute("dictionary_encode", [col], DictionaryEncodeOptions(null_encoding="encode"))


def _encode_parts(rows: _Rows, name: str) -> tuple[list[str | None], np.ndarray]:
    """The column ``name`` of every part of ``rows`` as one vocabulary (first-seen order
    over the parts, in order) and int64 codes: each part is dictionary-encoded on its own
    (most were, in the worker thread), then the parts' dictionaries are unified by
    encoding their concatenation."""
    import pyarrow as pa

    if len(rows.tables) == 1 and not rows.encoded[0]:
        col = rows.tables[0].column(name)
        if pa.types.is_dictionary(col.type):
            return _first_seen_codes(col)
        if len(col) >= PARALLEL_ENCODE:  # one table (Parquet): both halves at once
            from concurrent.futures import ThreadPoolExecutor

            half = len(col) // 2
            halves = [col.slice(0, half), col.slice(half)]  # zero-copy views
            with ThreadPoolExecutor(2, thread_name_prefix="certibench-encode") as pool:
                encs = list(pool.map(_dict_encode, halves))  # pyarrow kernels run without the GIL
            parts = _Rows()
            for h, e in zip(halves, encs, strict=True):
                parts.add(np.zeros(0, np.int64), pa.table({name: h}), {name: e})
            return _encode_parts(parts, name)
    dicts, idx = [], []
    for table, enc in zip(rows.tables, rows.encoded, strict=True):
        d = enc.get(name)
        if d is None:
            d = _dict_encode(table.column(name))
        if d.num_chunks == 0:
            continue
        dicts.append(d.chunk(0).dictionary)
        idx.append(_indices(d))
    if not dicts:
        return [], np.zeros(0, np.int64)
    if len(dicts) == 1:
        return _vocab_of(dicts[0]), idx[0]
    unified = _dict_encode(pa.chunked_array(dicts, type=dicts[0].type))
    glob = _indices(unified)
    offs = np.cumsum([0, *(len(d) for d in dicts[:-1])])
    return _vocab_of(unified.chunk(0).dictionary), np.concatenate([glob[o + i] for o, i in zip(offs, idx, strict=True)])


def _first_seen_codes(col: Any) -> tuple[list[str | None], np.ndarray]:
    """A dictionary-typed string column (Parquet's own dictionary pages, one dictionary per
    chunk, in whatever order the writer chose) as the vocabulary in first-seen order over
    the rows (None for a null) and int64 codes - what ``_dict_encode`` of the plain strings
    gives, without hashing a string per row: chunks sharing a dictionary (usually all of
    them) share one translation, the distinct dictionaries are unified by value once, and
    the first-seen order is taken over the unified codes of the rows."""
    import pyarrow as pa

    dicts: list[Any] = []  # distinct dictionaries (as string arrays, a null appended)
    per_chunk: list[tuple[int, np.ndarray]] = []  # (which dictionary, local codes; null = its last code)
    for ch in col.chunks:
        if len(ch) == 0:
            continue
        d = ch.dictionary if ch.dictionary.type == pa.string() else _compute("cast", [ch.dictionary], _cast_options(pa.string()))
        g = next((k for k in range(len(dicts) - 1, -1, -1) if len(dicts[k]) == len(d) + 1 and dicts[k].slice(0, len(d)).equals(d)), -1)
        if g < 0:
            dicts.append(pa.concat_arrays([d, pa.nulls(1, pa.string())]))
            g = len(dicts) - 1
        it = ch.indices.type
        raw = pa.chunked_array([ch.indices])
        idx = _np_values(raw, np.dtype(f"{'' if pa.types.is_signed_integer(it) else 'u'}int{it.bit_width}"))
        per_chunk.append((g, np.where(_np_valid(raw), idx, len(d)).astype(np.int64)))
    if not per_chunk:
        return [], np.zeros(0, np.int64)
    unified = _dict_encode(pa.chunked_array(dicts, type=pa.string()))  # equal values -> one code
    glob = _indices(unified)
    offs = np.cumsum([0, *(len(d) for d in dicts[:-1])])
    rows = np.concatenate([glob[offs[g] + c] for g, c in per_chunk])
    values = _vocab_of(unified.chunk(0).dictionary)
    order, rank = _first_order(rows, len(values))
    return [values[k] for k in order], rank[rows]


def _column(tables: list[Any], name: str) -> Any:
    """Column ``name`` of every table as one chunked array (no copy)."""
    import pyarrow as pa

    return pa.chunked_array([c for t in tables for c in t.column(name).chunks], type=tables[0].schema.field(name).type)


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
        nulls = c.null_count
        if nulls == 0:
            parts.append(np.ones(len(c), dtype=bool))
        elif nulls == len(c):  # e.g. Arrow's null type: no validity buffer, every slot null
            parts.append(np.zeros(len(c), dtype=bool))
        else:
            parts.append(_bits(c.buffers()[0], c.offset, len(c)))
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


_INF, _NAN = re.compile(rb"Inf"), re.compile(rb"NaN")
_WS = frozenset(b" \t\r")


def _null_key_positions(buf: bytes, key: bytes, pattern: re.Pattern[bytes]) -> list[int]:
    """Sorted start positions of ``"key" : null`` (any whitespace around the colon) in
    ``buf``: from each ``null``, backwards over whitespace, a colon, whitespace and the
    quoted key (the 64-byte window before each null missed a key followed by more
    whitespace — an adversary's finding); past ``len(buf) // 4096`` hits one regular
    expression scans the rest."""
    quoted = b'"' + key + b'"'
    out: list[int] = []
    limit = max(64, len(buf) // 4096)
    hits = 0
    i = buf.find(b"null")
    while i >= 0:
        hits += 1
        if hits > limit:
            start = out[-1] + 1 if out else 0
            out.extend(m.start() for m in pattern.finditer(buf, start) if m.start() >= start)
            return sorted(set(out))
        j = i - 1
        while j >= 0 and buf[j] in _WS:
            j -= 1
        if j >= 0 and buf[j] == 0x3A:  # ":"
            j -= 1
            while j >= 0 and buf[j] in _WS:
                j -= 1
            k = j - len(quoted) + 1
            if k >= 0 and buf[k : j + 1] == quoted and (not out or k > out[-1]):
                out.append(k)
        i = buf.find(b"null", i + 4)
    return out


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
    """The dictionary of a dictionary-encoded string column as Python strings (see
    :func:`_vocab_of`)."""
    if not dict_chunked.num_chunks:
        return []
    return _vocab_of(dict_chunked.chunk(0).dictionary)


def _vocab_of(d: Any) -> list[str | None]:
    """A string array as Python strings.  pyarrow does not check UTF-8 while parsing
    JSON: an invalid value becomes None (its lines are already marked for the reference
    by the raw-byte UTF-8 check).  (``view``, not ``cast``: no pyarrow.compute import.)"""
    import pyarrow as pa

    out: list[str | None] = []
    for v in d.view(pa.binary()).to_pylist():
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
    if codes.size == 0:
        return [], codes.astype(np.int64)
    order, remap = _first_order(codes, len(vocab))
    return [vocab[k] for k in order], remap[codes]


def _first_order(codes: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The codes (of ``range(n)``) that occur in ``codes``, in order of first occurrence,
    and each code's rank in that order (-1 when unused)."""
    first = np.full(n, codes.size, dtype=np.int64)
    first[codes[::-1]] = np.arange(codes.size - 1, -1, -1, dtype=np.int64)  # reversed: the earliest wins
    used = np.flatnonzero(first < codes.size)
    order = used[np.argsort(first[used], kind="stable")]
    rank = np.full(n, -1, dtype=np.int64)
    rank[order] = np.arange(order.size, dtype=np.int64)
    return order, rank


def _assemble(
    file: str,
    rows: _Rows,
    ref_lines: set[int],
    null_lines: dict[int, bool],
    record: Callable[[int], Any],
) -> tuple[ResponseColumns, list[RecordError]]:
    """Columns from the bulk-parsed rows plus the reference's verdict on ``ref_lines``
    (``record(line)`` returns what the reference decodes there)."""

    tables = rows.tables
    if tables:
        lines = np.concatenate(rows.lines)
        item_vocab, ic = _encode_parts(rows, "item_id")
        model_vocab, mc = _encode_parts(rows, "model")
        cor = _column(tables, "correct")
        cor_valid = _np_valid(cor)
        cor_null = ~cor_valid
        correct = (_np_bool_values(cor) & cor_valid).astype(np.int8)
        smp = _column(tables, "sample")
        sample = np.where(_np_valid(smp), _np_values(smp, np.int64), 0)
        has_err = _np_nonempty(_column(tables, "error"))
        rows.tables, rows.lines, rows.encoded = [], [], []
        del cor, smp, tables
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

    # model names (and ``parsed``, of which only nulls matter) stay dictionary-encoded as
    # Parquet stores them: no string per row is built or hashed (see _first_seen_codes).
    # Item ids are read as strings: their dictionaries are as large as the row groups, and
    # reading them as dictionaries measured slower (they are encoded on both cores instead).
    tbl = read_parquet_table(p, columns=[*FIELDS, "parsed"], read_dictionary=["model", "parsed"])
    names = set(tbl.column_names)
    n = tbl.num_rows
    try:  # string cells that are not UTF-8: the reference names each row
        tbl.validate(full=True)
    except pa.ArrowInvalid:
        return read_responses_lines(p, strict=strict)

    def cast(c: Any, typ: Any) -> Any:  # (ChunkedArray.cast imports pyarrow.compute)
        return c if c.type == typ else _compute("cast", [c], _cast_options(typ))

    def col(name: str, typ: Any) -> Any | None:
        if name not in names:
            return pa.chunked_array([pa.nulls(n, typ)])
        c = tbl.column(name)
        t = c.type
        if pa.types.is_dictionary(t):
            if name in ("item_id", "model") and (pa.types.is_string(t.value_type) or pa.types.is_large_string(t.value_type)):
                return c
            c = cast(c, t.value_type)
            t = c.type
        if pa.types.is_null(t):
            return cast(c, typ)
        if typ == pa.string() and (pa.types.is_string(t) or pa.types.is_large_string(t)):
            return cast(c, pa.string())
        if typ == pa.bool_() and pa.types.is_boolean(t):
            return c
        if typ == pa.int64() and pa.types.is_integer(t) and not pa.types.is_uint64(t):
            return cast(c, pa.int64())
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


@reads_streams(keep=True)
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

    def raw_field(name: str) -> list[Any]:
        return _field_values(file, p.read_bytes(), name, good_lines)

    typed = frozenset(_item_schema().names)
    return ItemColumns(item_ids, class_ids, families, materialize, raw_field, typed), errors


def _field_values(file: str, buf: bytes, name: str, lines: list[int]) -> list[Any]:
    """The JSON value of the top-level field ``name`` on each of ``lines`` (valid item
    lines; None when missing), as ``json.loads`` of the line gives it: string values are
    parsed in bulk by pyarrow (explicit string schema); the lines it refuses - the value
    is a number, a boolean, an object, or the line is not plain - are decoded one by one
    by the reference (``decode_jsonl_line``)."""
    import pyarrow as pa

    # null_key: no key is spelled with a NUL byte, so no line is sent to the reference for a null
    r = _BulkJsonl(file, buf, pa.schema([(name, pa.string())]), b"\x00", decide_nulls=False)
    r.parse()
    vals: dict[int, Any] = {}
    for ln_arr, tbl in zip(r.rows.lines, r.rows.tables, strict=True):
        vals.update(zip(ln_arr.tolist(), tbl.column(name).to_pylist(), strict=True))
    for ln in r.ref_lines:  # includes lines where the key is spelled with escapes
        obj = r._record(ln)
        vals[ln] = obj.get(name) if isinstance(obj, dict) else None
    return [vals.get(ln) for ln in lines]


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
    d = _dict_encode(col)
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
