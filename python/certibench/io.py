"""Robust JSON/JSONL reading: one malformed line is reported (file, line, field) and skipped,
never fatal for the rest of the file.  Writers are deterministic (sorted keys optional)."""

from __future__ import annotations

import dataclasses
import functools
import inspect
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # pydantic is imported where records are validated, not by every reader
    from pydantic import BaseModel, ValidationError

    from certibench.schema import Item, Response

M = TypeVar("M", bound="BaseModel")
F = TypeVar("F", bound=Callable[..., Any])


class InputFileError(Exception):
    """The file itself cannot be read (missing, unreadable, not JSON at all).  CLI exit 2."""


@dataclass(frozen=True)
class RecordError:
    """A single bad record: where it is and what is wrong with it."""

    file: str
    line: int
    field: str | None
    message: str

    def __str__(self) -> str:
        loc = f"{self.file}:{self.line}"
        if self.field:
            loc += f": field {self.field!r}"
        return f"{loc}: {self.message}"


class RecordValidationError(ValueError):
    """Raised in strict mode for the first bad record."""

    def __init__(self, err: RecordError):
        super().__init__(str(err))
        self.record_error = err


def _field_of(exc: ValidationError) -> tuple[str | None, str]:
    errs = exc.errors()
    if not errs:
        return None, str(exc)
    e = errs[0]
    field = ".".join(str(p) for p in e.get("loc", ())) or None
    return field, e.get("msg", "invalid value")


def iter_jsonl(path: str | os.PathLike[str]) -> Iterator[tuple[int, Any | RecordError]]:
    """Yield ``(line_number, obj_or_error)`` for each non-blank line of a JSONL file.

    Lines are decoded one by one: a line that is not UTF-8 is reported with its number and
    the rest of the file still loads.  A leading byte-order mark is ignored."""
    p = Path(path)
    try:
        fh = p.open("rb")
    except OSError as exc:
        raise InputFileError(f"{p}: cannot read: {exc.strerror or exc}") from exc
    with fh:
        head = fh.peek(4096)[:4096]
        if head.startswith(GZIP_MAGIC) or b"\x00" in head:
            raise InputFileError(binary_file_message(p, head))
        name = str(p)
        for lineno, raw in enumerate(fh, start=1):
            obj = decode_jsonl_line(name, lineno, raw)
            if obj is not BLANK:
                yield lineno, obj


GZIP_MAGIC = b"\x1f\x8b"


def binary_file_message(p: Path, head: bytes) -> str:
    """Why a file whose first bytes are ``head`` is not read as JSONL."""
    if head.startswith(GZIP_MAGIC):
        return f"{p}: gzip-compressed: decompress it first (zcat {p} > FILE.jsonl, or pass <(zcat {p}))"
    return f"{p}: not a text file (binary data)"


# ------------------------------------------------------------------ pipes and devices
#: temporary copy -> the path the caller gave (a pipe: ``<(zcat r.jsonl.gz)``, /dev/stdin)
SPOOLED: dict[str, str] = {}


def is_stream(path: str | os.PathLike[str]) -> bool:
    """A pipe or a device (not a regular file or a directory; a path that cannot be
    stat'ed is not: the reader names that problem)."""
    import stat

    try:
        st = Path(path).stat()
    except OSError:
        return False
    return not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode))


def rereadable(path: str | os.PathLike[str]) -> Path:
    """``path`` itself unless it is a pipe or a device (:func:`is_stream`); then a new
    temporary copy of what the stream holds now (removed by :func:`remove_copy`, or at exit).
    Readers look at a file more than once (its first bytes decide JSONL / JSON array /
    Parquet; a file with repeated ids is read again for their lines), and a pipe yields its
    bytes only once: without the copy they read nothing and returned no rows without an
    error.  Never cached by path: ``/dev/fd/N`` and a named FIFO carry new data each time.
    A stream that is not text (gzip, NUL bytes; not Parquet) is refused before it is copied
    (``/dev/zero`` would fill the disk)."""
    p = Path(path)
    if not is_stream(p):
        return p
    import atexit
    import shutil
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix="certibench-", suffix=p.suffix or ".jsonl")
    try:
        with p.open("rb") as src, open(fd, "wb") as dst:
            head = src.read(4096)
            if not head.startswith(PARQUET_MAGIC) and (head.startswith(GZIP_MAGIC) or b"\x00" in head):
                raise InputFileError(binary_file_message(p, head))
            dst.write(head)
            shutil.copyfileobj(src, dst, 1 << 20)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise InputFileError(f"{p}: cannot read: {exc.strerror or exc}") from exc
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    atexit.register(Path(tmp).unlink, missing_ok=True)
    SPOOLED[tmp] = str(p)
    return Path(tmp)


def remove_copy(copy: str | os.PathLike[str]) -> None:
    """Remove a temporary copy made by :func:`rereadable` (nothing for any other path)."""
    key = str(copy)
    if key in SPOOLED:
        Path(key).unlink(missing_ok=True)
        # the name stays known, so a message printed later still names the caller's path


def user_path(text: str) -> str:
    """``text`` with temporary copies named as the caller named them."""
    for tmp, orig in SPOOLED.items():
        text = text.replace(tmp, orig)
    return text


def _renamed(obj: Any) -> Any:
    """``obj`` (a reader's result) with every :class:`RecordError` naming the caller's path."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type) and getattr(obj, "file", None) in SPOOLED:
        obj = dataclasses.replace(obj, file=SPOOLED[obj.file])  # a RecordError, ResponseColumns
    if isinstance(obj, RecordError):
        return obj
    if isinstance(obj, tuple):
        return tuple(_renamed(x) for x in obj)
    if isinstance(obj, list) and any(isinstance(x, RecordError) for x in obj):
        return [_renamed(x) for x in obj]
    if isinstance(getattr(obj, "warnings", None), list):  # a ResponseTable
        obj.warnings = _renamed(obj.warnings)
    return obj


def _renamed_exc(exc: BaseException) -> BaseException | None:
    if isinstance(exc, RecordValidationError):
        return RecordValidationError(_renamed(exc.record_error))
    if isinstance(exc, InputFileError):
        return InputFileError(user_path(str(exc)))
    return None


def reads_streams(fn: F | None = None, *, keep: bool = False) -> Any:
    """Decorate a reader whose first argument is a path: a pipe or a device is read from a
    :func:`rereadable` copy made for this call, and the errors it reports name the caller's
    path.  The copy is removed when the call returns, unless ``keep`` (the result reads the
    file again later, as lazily built items do; then it is removed at exit)."""

    def deco(f: F) -> F:
        @functools.wraps(f)
        def wrapper(path: Any, *args: Any, **kwargs: Any) -> Any:
            if not is_stream(path):
                return f(path, *args, **kwargs)
            p = rereadable(path)
            try:
                out = f(p, *args, **kwargs)
            except (InputFileError, RecordValidationError) as exc:
                remove_copy(p)
                raise _renamed_exc(exc) from exc  # type: ignore[misc]
            except BaseException:
                remove_copy(p)
                raise
            if inspect.isgenerator(out):
                return _renamed_items(out, p)
            if not keep:
                remove_copy(p)
            return _renamed(out)

        return wrapper  # type: ignore[return-value]

    return deco(fn) if fn is not None else deco


def _renamed_items(gen: Iterator[Any], copy: Path) -> Iterator[Any]:
    try:
        for x in gen:
            yield _renamed(x)
    except (InputFileError, RecordValidationError) as exc:
        raise _renamed_exc(exc) from exc  # type: ignore[misc]
    finally:
        remove_copy(copy)


#: what :func:`decode_jsonl_line` returns for a blank line (skipped, not an error)
BLANK: Any = object()


def decode_jsonl_line(file: str, lineno: int, raw: bytes) -> Any:
    """One JSONL line (bytes, newline included or not) -> the decoded object, a
    :class:`RecordError` (not UTF-8, invalid JSON) or :data:`BLANK`.

    This is the single definition of how a line is read: :func:`iter_jsonl` and the
    columnar reader (which re-reads only the lines its bulk parser rejects) both call it,
    so both name a bad line the same way.  A byte-order mark is dropped on line 1 only."""
    if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    raw = raw.rstrip(b"\r\n")  # the line's own text: columns count from its first byte either way
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return RecordError(file, lineno, None, f"not UTF-8 text (byte {exc.start + 1})")
    if not line.strip():
        return BLANK
    if too_deep(raw):
        # a fixed limit, not Python's recursion limit (which depends on how deep the
        # caller's stack is: the same line passed from the API and failed from the CLI)
        return RecordError(file, lineno, None, f"invalid JSON: nested more than {MAX_JSON_DEPTH} levels")
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        return RecordError(file, lineno, None, f"invalid JSON: {exc.msg} (column {exc.colno})")
    except RecursionError:  # pragma: no cover - MAX_JSON_DEPTH is well below the limit
        return RecordError(file, lineno, None, f"invalid JSON: nested more than {MAX_JSON_DEPTH} levels")
    if b"\\u" in raw and SURROGATE_ESCAPE.search(raw):
        return _surrogate_error(file, lineno, obj) or obj
    return obj


#: deepest nesting of arrays and objects a line may have (the per-line readers' limit)
MAX_JSON_DEPTH = 500


def too_deep(raw: bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether JSON text nests arrays/objects more than ``limit`` levels (the bracket count
    first: the scan runs only on text with that many brackets)."""
    return raw.count(b"[") + raw.count(b"{") > limit and json_depth(raw) > limit


def json_depth(raw: bytes) -> int:
    """Deepest nesting of ``[`` / ``{`` in JSON text, strings skipped (a scan of the bytes;
    run only on lines with many brackets)."""
    depth = best = 0
    in_str = esc = False
    for c in raw:
        if in_str:
            if esc:
                esc = False
            elif c == 0x5C:
                esc = True
            elif c == 0x22:
                in_str = False
        elif c == 0x22:
            in_str = True
        elif c in (0x5B, 0x7B):
            depth += 1
            best = max(best, depth)
        elif c in (0x5D, 0x7D):
            depth -= 1
    return best


#: escapes of UTF-16 surrogates (paired ones decode to one character; a lone one cannot be
#: written as UTF-8, and crashed the report's writers)
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


_SURROGATE = re.compile("[\ud800-\udfff]")


def _surrogate_error(file: str, k: int, obj: Any) -> RecordError | None:
    where = lone_surrogate(obj)
    if where is None:
        return None
    return RecordError(file, k, where or None, "not valid Unicode text (a lone surrogate escape \\uD800-\\uDFFF)")


def lone_surrogate(obj: Any) -> str | None:
    """The top-level key under which ``obj`` holds a string with a lone surrogate ("" when
    the object itself or a key is one), or ``None`` (iterative: any depth)."""
    bad = _SURROGATE
    stack: list[tuple[Any, str]] = [(obj, "")]
    while stack:
        o, top = stack.pop()
        if isinstance(o, str):
            if bad.search(o):
                return top
        elif isinstance(o, dict):
            for k, v in o.items():
                t = top or (k if isinstance(k, str) and not bad.search(k) else "")
                if bad.search(k):
                    return top
                stack.append((v, t))
        elif isinstance(o, list):
            stack.extend((v, top) for v in o)
    return None


def iter_validated(
    path: str | os.PathLike[str],
    model: type[M],
    *,
    required: Iterable[str] = (),
) -> Iterator[tuple[int, M | RecordError]]:
    """``(line, record)`` for each record of a JSONL (or JSON array) file, validated against
    ``model``: the model instance, or a :class:`RecordError` naming file, line (record number
    in a JSON array) and field.  ``required`` names fields that must be present and
    non-null even where the model allows ``None``.  An unreadable file raises
    :class:`InputFileError`."""
    p = Path(path)
    name = str(p)
    required = tuple(required)
    for lineno, obj in _iter_any(p):
        yield lineno, validate_record(name, lineno, obj, model, required)


@reads_streams
def load_records(
    path: str | os.PathLike[str],
    model: type[M],
    *,
    strict: bool = False,
    required: Iterable[str] = (),
) -> tuple[list[M], list[RecordError]]:
    """Load a JSONL file (or a JSON array or Parquet file) into pydantic models.

    Bad records are collected as :class:`RecordError` (or raised, with ``strict``); every
    good record is kept.  ``required`` names fields that must be present and non-null even
    where the model allows ``None``.
    """
    p = Path(path)
    name = str(p)
    out: list[M] = []
    errors: list[RecordError] = []
    required = tuple(required)
    for lineno, obj in _iter_any(p):
        rec = validate_record(name, lineno, obj, model, required)
        if isinstance(rec, RecordError):
            if strict:
                raise RecordValidationError(rec)
            errors.append(rec)
        else:
            out.append(rec)
    return out, errors


def validate_record(
    file: str, lineno: int, obj: Any, model: type[M], required: Iterable[str] = ()
) -> M | RecordError:
    """One decoded record (or the RecordError its line produced) validated against
    ``model``: the model instance, or a RecordError naming file, line and field."""
    if isinstance(obj, RecordError):
        return obj
    if not isinstance(obj, dict):
        return RecordError(file, lineno, None, f"expected a JSON object, got {type(obj).__name__}")
    missing = [f for f in required if obj.get(f) in (None, "")]
    if missing:
        return RecordError(file, lineno, missing[0], "required field is missing or empty")
    from pydantic import ValidationError

    try:
        return model.model_validate(obj)
    except ValidationError as exc:
        field, msg = _field_of(exc)
        return RecordError(file, lineno, field, msg)


@reads_streams
def iter_records(path: str | os.PathLike[str]) -> Iterator[tuple[int, Any]]:
    """``(line_or_index, obj_or_RecordError)`` for a JSONL file, a JSON array file or a
    Parquet file (row number for the last two)."""
    return _iter_any(Path(path))


PARQUET_MAGIC = b"PAR1"


def is_parquet(path: str | os.PathLike[str]) -> bool:
    """True when the file is Apache Parquet (by its magic bytes, whatever its suffix)."""
    try:
        with open(path, "rb") as fh:
            return fh.read(4) == PARQUET_MAGIC
    except OSError:
        return False


def read_parquet_table(
    path: str | os.PathLike[str], columns: list[str] | None = None, read_dictionary: list[str] | None = None
) -> Any:
    """A Parquet file as a ``pyarrow.Table`` (only ``columns`` that exist, when given;
    those in ``read_dictionary`` as dictionary arrays, as Parquet stores them).

    Raises :class:`InputFileError` (with the path) when pyarrow is missing or the file is
    not readable Parquet."""
    try:
        import pyarrow.parquet as pq
    except ImportError as exc:  # pragma: no cover - pyarrow is a core dependency
        raise InputFileError(f"{path}: reading Parquet needs pyarrow (pip install pyarrow)") from exc
    try:
        pf = pq.ParquetFile(path)
        names = set(pf.schema_arrow.names)
        cols = None if columns is None else [c for c in columns if c in names]
        if read_dictionary:
            import pyarrow as pa

            # only flat string/binary columns can be read as dictionaries (a struct or list
            # column in a readable file was refused as "not a readable Parquet file")
            flat = {f.name for f in pf.schema_arrow if pa.types.is_string(f.type) or pa.types.is_large_string(f.type)
                    or pa.types.is_binary(f.type) or pa.types.is_large_binary(f.type) or pa.types.is_dictionary(f.type)}
            pf = pq.ParquetFile(path, read_dictionary=[c for c in read_dictionary if c in names and c in flat])
        return pf.read(columns=cols)
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read Parquet: {exc}") from exc
    except Exception as exc:  # pyarrow.ArrowInvalid and friends: a damaged file
        raise InputFileError(f"{path}: not a readable Parquet file: {exc}") from exc


def iter_parquet_rows(
    path: str | os.PathLike[str], *, keep_nulls: bool = False, columns: list[str] | None = None
) -> Iterator[tuple[int, Any]]:
    """Rows of a Parquet file as dicts; the 1-based row number stands in for the line.

    By default a null cell is a missing field (what a JSONL writer that drops ``None``
    writes: a column exists in every row, a JSON key need not).  ``keep_nulls`` keeps
    them as ``None`` (responses: a null ``parsed`` cell is an answer that did not parse).
    ``columns``: only these (those that exist)."""
    table = read_parquet_table(path, columns=columns)
    k = 0
    for batch in table.to_batches(max_chunksize=65536):
        try:
            rows = batch.to_pylist()
        except UnicodeDecodeError:  # a string cell that is not UTF-8: that row alone is bad
            rows = [_parquet_row(batch, i) for i in range(batch.num_rows)]
        for row in rows:
            k += 1
            if isinstance(row, str):
                yield k, RecordError(str(path), k, row, "not UTF-8 text")
                continue
            yield k, row if keep_nulls else {key: v for key, v in row.items() if v is not None}


def _parquet_row(batch: Any, i: int) -> dict[str, Any] | str:
    """Row ``i`` of a record batch as a dict, or the name of its first column whose cell is
    not UTF-8 text."""
    out: dict[str, Any] = {}
    for name, col in zip(batch.schema.names, batch.columns, strict=True):
        try:
            out[name] = col[i].as_py()
        except UnicodeDecodeError:
            return name
    return out


def _iter_any(p: Path) -> Iterator[tuple[int, Any]]:
    """JSONL by default; a file whose first non-blank character is ``[`` is a JSON array;
    a Parquet file (magic bytes ``PAR1``) yields its rows."""
    try:
        with p.open("rb") as fh:
            raw_head = fh.read(4096)
    except OSError as exc:
        raise InputFileError(f"{p}: cannot read: {exc.strerror or exc}") from exc
    if raw_head.startswith(PARQUET_MAGIC):
        yield from iter_parquet_rows(p)
        return
    head = raw_head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"["):
        try:
            raw = p.read_bytes()
        except OSError as exc:
            raise InputFileError(f"{p}: cannot read: {exc.strerror or exc}") from exc
        if too_deep(raw, MAX_JSON_DEPTH + 1):
            raise InputFileError(f"{p}: invalid JSON array: a record nested more than {MAX_JSON_DEPTH} levels")
        try:
            data = json.loads(raw.decode("utf-8-sig"))
        except UnicodeDecodeError as exc:
            raise InputFileError(f"{p}: not UTF-8 text: {exc}") from exc
        except json.JSONDecodeError as exc:
            raise InputFileError(f"{p}:{exc.lineno}: invalid JSON array: {exc.msg}") from exc
        except RecursionError:  # pragma: no cover - the depth check above comes first
            raise InputFileError(f"{p}: invalid JSON array: nested too deeply") from None
        check = b"\\u" in raw and SURROGATE_ESCAPE.search(raw) is not None
        # A JSON array has no per-record line; report the 1-based record index instead.
        for k, obj in enumerate(data, start=1):
            yield k, (_surrogate_error(str(p), k, obj) if check else None) or obj
    else:
        yield from iter_jsonl(p)


@reads_streams
def load_items(path: str | os.PathLike[str], *, strict: bool = False) -> tuple[list[Item], list[RecordError]]:
    """Load items; a repeated item id is an error on its later line (the first is kept)."""
    from certibench.schema import Item

    items, errors = load_records(path, Item, strict=strict)
    ids = [it.id for it in items]
    if len(set(ids)) == len(ids):
        return items, errors
    # rare path: find the line of every occurrence so the message points at the file line
    lines: dict[str, list[int]] = {}
    p = Path(path)
    try:
        head = p.read_text(encoding="utf-8").lstrip()[:1]
    except (OSError, UnicodeDecodeError):  # pragma: no cover - load_records read it already
        head = ""
    if head == "[":
        for k, obj in enumerate(json.loads(p.read_text(encoding="utf-8")), start=1):
            if isinstance(obj, dict) and isinstance(obj.get("id"), str):
                lines.setdefault(obj["id"], []).append(k)
    else:
        for lineno, obj in iter_jsonl(p):
            if isinstance(obj, dict) and isinstance(obj.get("id"), str):
                lines.setdefault(obj["id"], []).append(lineno)
    seen: dict[str, int] = {}
    out: list[Item] = []
    for it in items:
        occ = lines.get(it.id, [])
        n = seen.get(it.id, 0)
        seen[it.id] = n + 1
        if n:
            line = occ[n] if n < len(occ) else 0
            first = occ[0] if occ else 0
            err = RecordError(
                str(p), line, "id", f"duplicate item id {it.id!r} (first at line {first}; that one is kept)"
            )
            if strict:
                raise RecordValidationError(err)
            errors.append(err)
            continue
        out.append(it)
    errors.sort(key=lambda e: e.line)
    return out, errors


@reads_streams
def load_responses(path: str | os.PathLike[str], *, strict: bool = False) -> tuple[list[Response], list[RecordError]]:
    """Load a ``responses.jsonl`` (or JSON array) file into :class:`~certibench.schema.Response`
    records; bad lines come back as :class:`RecordError` (``strict``: the first is raised)."""
    from certibench.schema import Response

    return load_records(path, Response, strict=strict)


def write_jsonl(path: str | os.PathLike[str], rows: Iterable[BaseModel | dict[str, Any]]) -> int:
    """Write rows as JSONL (UTF-8, no ASCII escaping, ``None`` fields of models dropped)."""
    n = 0
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    with p.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(dumps_line(row))
            n += 1
    return n


def dumps_line(row: BaseModel | dict[str, Any]) -> str:
    obj = row.model_dump(mode="json", exclude_none=True) if hasattr(row, "model_dump") else row
    return json.dumps(obj, ensure_ascii=False, sort_keys=False) + "\n"
