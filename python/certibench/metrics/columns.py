"""Responses as parallel columns, and the one definition of a valid response record.

:func:`check_response` is the rule every reader applies to a response record (the
per-line reader calls it on every line; the columnar reader in :mod:`.reader` applies the
same rule with column operations and calls it on the lines its bulk checks flag, so both
report a bad line with the same file, line, field and message).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, overload

import numpy as np

from certibench.io import RecordError

if TYPE_CHECKING:  # pragma: no cover - pydantic is imported only where Items are built
    from certibench.schema import Item

_INT64_MAX = 2**63 - 1

__all__ = ["BadField", "ItemColumns", "ResponseColumns", "ResponseRow", "check_response", "factorize"]


class ResponseRow(NamedTuple):
    """The fields of a valid response record the metric layer keeps."""

    item_id: str
    model: str
    sample: int
    correct: int  # 0/1 (0 when the response carries an error)
    error: bool
    unparsed: bool


class BadField(NamedTuple):
    """Why a response record is invalid: the field (None = the whole record) and message."""

    field: str | None
    message: str


def check_response(obj: Any) -> ResponseRow | BadField:
    """Validate one decoded response record (the reference rule; the first failing field wins).

    * ``item_id``, ``model``: non-empty strings;
    * ``sample``: a non-negative integer (missing or null = 0);
    * ``correct``: true/false (or 0/1); it may be missing when ``error`` is set, and an
      errored response counts as wrong;
    * ``error``: a message (a non-empty string) or ``true`` marks an errored response;
      ``false``, ``""`` and null do not; another value is a bad field;
    * an explicit ``"parsed": null`` (or an error) marks an answer that did not parse.
    """
    if not isinstance(obj, dict):
        return BadField(None, f"expected a JSON object, got {type(obj).__name__}")
    iid = obj.get("item_id")
    if not isinstance(iid, str) or not iid.strip():
        return BadField("item_id", "required field is missing or not a non-empty string")
    mdl = obj.get("model")
    if not isinstance(mdl, str) or not mdl.strip():
        return BadField("model", "required field is missing or not a non-empty string")
    smp = obj.get("sample", 0)
    if smp is None:
        smp = 0
    if isinstance(smp, bool) or not isinstance(smp, int) or smp < 0:
        return BadField("sample", f"expected a non-negative integer, got {smp!r}")
    if smp > _INT64_MAX:
        return BadField("sample", f"sample number too large (at most {_INT64_MAX}), got {smp!r}")
    err = obj.get("error")
    if err is not None and not isinstance(err, (str, bool)):
        return BadField("error", f"expected an error message (a string), true, false or null, got {err!r}")
    # "error": false / "" / null is no error (false counted as one, and zeroed every accuracy)
    has_err = err is True or (isinstance(err, str) and err != "")
    cor = obj.get("correct")
    if cor is None:
        if not has_err:
            return BadField("correct", "required field is missing (a response needs `correct` or `error`)")
        c = 0
    elif isinstance(cor, bool):
        c = int(cor)
    elif isinstance(cor, int) and cor in (0, 1):
        c = cor
    else:
        return BadField("correct", f"expected true/false, got {cor!r}")
    if has_err:
        c = 0  # an errored response counts as wrong (and is reported separately)
    # only an explicit "parsed": null marks an unparsed answer (a missing key is unknown)
    return ResponseRow(iid, mdl, smp, c, has_err, has_err or ("parsed" in obj and obj["parsed"] is None))


def factorize(values: Iterable[Any]) -> tuple[np.ndarray, list[Any]]:
    """Integer codes and uniques in first-seen order (a dict: no pandas import)."""
    index: dict[Any, int] = {}
    codes = [index.setdefault(v, len(index)) for v in values]
    return np.asarray(codes, dtype=np.int64), list(index)


@dataclass
class ResponseColumns:
    """Responses as parallel columns (one entry per response line).

    Ids are stored as integer codes into small vocabularies (``item_vocab``,
    ``model_vocab``) in first-seen order among the valid records, so joining 10^7
    responses never hashes 10^7 strings a second time.  Every reader produces exactly
    these arrays for the same file (the tests compare them field by field).
    """

    item_code: np.ndarray  # int64 -> item_vocab
    item_vocab: list[str]
    model_code: np.ndarray  # int64 -> model_vocab
    model_vocab: list[str]
    correct: np.ndarray  # int8 0/1 (errors already folded in as 0)
    sample: np.ndarray  # int64
    error: np.ndarray  # bool: the response carries an `error`
    line: np.ndarray  # int64 1-based line (or record index)
    file: str = "<responses>"
    #: bool: no answer could be parsed (``"parsed": null`` given explicitly, or ``error`` set);
    #: None = every response parsed.  Only the unanimity audit looks at it.
    unparsed: np.ndarray | None = None

    def __len__(self) -> int:
        return int(self.item_code.shape[0])

    def item_of(self, k: int) -> str:
        return self.item_vocab[int(self.item_code[k])]

    def model_of(self, k: int) -> str:
        return self.model_vocab[int(self.model_code[k])]

    @classmethod
    def from_records(
        cls, rows: Iterable[Any], file: str = "<responses>"
    ) -> tuple[ResponseColumns, list[RecordError]]:
        """Columns from in-memory :class:`~certibench.schema.Response` objects or dicts
        (line = 1-based index)."""
        b = ColumnBuilder(file)
        for i, r in enumerate(rows, start=1):
            obj = r.model_dump(exclude_unset=True) if hasattr(r, "model_dump") else r
            b.add(i, obj)
        return b.finish(), b.errors

    @classmethod
    def from_arrays(
        cls,
        item_id: Sequence[str],
        model: Sequence[str],
        correct: Sequence[bool] | np.ndarray,
        sample: Sequence[int] | np.ndarray | None = None,
        error: Sequence[bool] | np.ndarray | None = None,
        file: str = "<arrays>",
        unparsed: Sequence[bool] | np.ndarray | None = None,
    ) -> ResponseColumns:
        """Columns straight from id arrays (synthetic tests); no per-row checks."""
        ic, iv = factorize(item_id)
        mc, mv = factorize(model)
        return cls.from_codes(
            ic, [str(x) for x in iv], mc, [str(x) for x in mv], correct, sample, error, file, unparsed
        )

    @classmethod
    def from_codes(
        cls,
        item_code: np.ndarray,
        item_vocab: list[str],
        model_code: np.ndarray,
        model_vocab: list[str],
        correct: Sequence[bool] | np.ndarray,
        sample: Sequence[int] | np.ndarray | None = None,
        error: Sequence[bool] | np.ndarray | None = None,
        file: str = "<arrays>",
        unparsed: Sequence[bool] | np.ndarray | None = None,
    ) -> ResponseColumns:
        """Columns from integer codes into id vocabularies."""
        n = int(np.asarray(item_code).shape[0])
        err = np.zeros(n, dtype=bool) if error is None else np.asarray(error, dtype=bool)
        cor = np.asarray(correct).astype(np.int8)
        if err.any():
            cor = np.where(err, 0, cor).astype(np.int8)
        return cls(
            item_code=np.asarray(item_code, dtype=np.int64),
            item_vocab=item_vocab,
            model_code=np.asarray(model_code, dtype=np.int64),
            model_vocab=model_vocab,
            correct=cor,
            sample=np.zeros(n, dtype=np.int64) if sample is None else np.asarray(sample, dtype=np.int64),
            error=err,
            line=np.arange(1, n + 1, dtype=np.int64),
            file=file,
            unparsed=None if unparsed is None else (np.asarray(unparsed, dtype=bool) | err),
        )


class ColumnBuilder:
    """Record-by-record validation into columns (the per-line reference reader)."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.item_index: dict[str, int] = {}
        self.model_index: dict[str, int] = {}
        self.item_code: list[int] = []
        self.model_code: list[int] = []
        self.correct: list[int] = []
        self.sample: list[int] = []
        self.error: list[bool] = []
        self.line: list[int] = []
        self.unparsed: list[bool] = []
        self.errors: list[RecordError] = []

    def add(self, lineno: int, obj: Any) -> RecordError | None:
        """Add one decoded record (or the RecordError its line produced); returns the error
        the record caused, if any."""
        if isinstance(obj, RecordError):
            self.errors.append(obj)
            return obj
        r = check_response(obj)
        if isinstance(r, BadField):
            e = RecordError(self.file, lineno, r.field, r.message)
            self.errors.append(e)
            return e
        self.item_code.append(self.item_index.setdefault(r.item_id, len(self.item_index)))
        self.model_code.append(self.model_index.setdefault(r.model, len(self.model_index)))
        self.correct.append(r.correct)
        self.sample.append(r.sample)
        self.error.append(r.error)
        self.line.append(lineno)
        self.unparsed.append(r.unparsed)
        return None

    def finish(self) -> ResponseColumns:
        return ResponseColumns(
            item_code=np.asarray(self.item_code, dtype=np.int64),
            item_vocab=list(self.item_index),
            model_code=np.asarray(self.model_code, dtype=np.int64),
            model_vocab=list(self.model_index),
            correct=np.asarray(self.correct, dtype=np.int8),
            sample=np.asarray(self.sample, dtype=np.int64),
            error=np.asarray(self.error, dtype=bool),
            line=np.asarray(self.line, dtype=np.int64),
            file=self.file,
            unparsed=np.asarray(self.unparsed, dtype=bool) if any(self.unparsed) else None,
        )


class ItemColumns(Sequence["Item"]):
    """Items read column-wise: the three fields the metric layer needs as lists, the
    full :class:`~certibench.schema.Item` objects built only when asked for (``--by`` on
    a typed field such as ``tier``).

    ``materialize`` returns exactly the items the per-line loader returns (it runs the
    reference validation on the lines already known to be valid).  ``raw_field(name)``,
    when given, returns the JSON value of an *untyped* field (``ground_truth`` or any extra
    field; None when missing) of every item without building them: the value the Item's
    ``ground_truth`` / ``model_extra`` would hold."""

    def __init__(
        self,
        ids: list[str],
        class_ids: list[str],
        families: list[str],
        materialize: Callable[[], list[Item]],
        raw_field: Callable[[str], list[Any]] | None = None,
        typed_fields: frozenset[str] = frozenset(),
    ) -> None:
        self.ids = ids
        self.class_ids = class_ids
        self.families = families
        self._materialize = materialize
        self._raw_field = raw_field
        self._raw: dict[str, list[Any]] = {}
        #: Item fields whose values pydantic types (their values come from the Items)
        self.typed_fields = typed_fields
        self._items: list[Item] | None = None

    @property
    def items(self) -> list[Item]:
        if self._items is None:
            self._items = self._materialize()
            if [it.id for it in self._items] != self.ids:  # pragma: no cover - a reader bug
                raise AssertionError("item columns and materialized items disagree")
        return self._items

    def raw_field(self, name: str) -> list[Any] | None:
        """The JSON values of the untyped field ``name`` (see the class doc), or None when
        only the Items can say (a typed field, or no raw reader)."""
        if self._raw_field is None or name in self.typed_fields:
            return None
        if name not in self._raw:
            self._raw[name] = self._raw_field(name)
        return self._raw[name]

    def take(self, idx: Sequence[int] | np.ndarray) -> ItemColumns:
        """The items at positions ``idx``, still built only on demand."""
        pos = [int(i) for i in idx]
        parent = self

        def raw(name: str) -> list[Any]:
            vals = parent.raw_field(name)
            assert vals is not None
            return [vals[i] for i in pos]

        return ItemColumns(
            [self.ids[i] for i in pos],
            [self.class_ids[i] for i in pos],
            [self.families[i] for i in pos],
            lambda: [parent.items[i] for i in pos],
            raw if self._raw_field is not None else None,
            self.typed_fields,
        )

    def __len__(self) -> int:
        return len(self.ids)

    @overload
    def __getitem__(self, k: int) -> Item: ...
    @overload
    def __getitem__(self, k: slice) -> list[Item]: ...
    def __getitem__(self, k: int | slice) -> Item | list[Item]:
        return self.items[k]

    def __iter__(self) -> Iterator[Item]:
        return iter(self.items)
