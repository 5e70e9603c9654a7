"""The response table: items joined with responses, held columnar (numpy).

One table feeds every invariance metric.  Layout (``I`` items, ``M`` models, ``T`` classes):

* item columns: ``item_ids`` (I), ``theorem_codes`` (I, index into ``theorems``),
  ``family_codes`` (I, index into ``families``; ``families[0] == "canonical"``);
* per (item, model) cells, dense ``(I, M)`` arrays: ``p`` = mean of ``correct`` over the
  samples (NaN = the model never answered the item), ``maj`` = 1.0 when a *strict*
  majority of the samples is correct, else 0.0 (a tie counts as wrong; NaN = unanswered),
  ``n_samples`` and ``n_errors`` (samples whose ``error`` is set; they count as wrong).

Why numpy and not pandas: the aggregation is one ``bincount`` over an integer key
(item * M + model); response ids arrive already coded by the reader (:mod:`.reader`).
``benchmarks/metrics_bench.py`` measures this against a pandas ``groupby`` build, and
``certibench report`` never imports pandas.

Validation follows :mod:`certibench.io`: every bad response line becomes a
:class:`~certibench.io.RecordError` naming file, line and field (unknown item id,
duplicate ``(item, model, sample)``, missing ``correct``/``model``/``item_id``); with
``strict=False`` (the default) the line is skipped and counted, with ``strict=True`` the
first one raises :class:`~certibench.io.RecordValidationError`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from certibench.io import RecordError, RecordValidationError, reads_streams
from certibench.io import load_items as io_load_items
from certibench.metrics.columns import ItemColumns, ResponseColumns, factorize
from certibench.metrics.families_map import CANONICAL, family_name, family_sort_key
from certibench.metrics.reader import (
    pyarrow_available,
    read_items_columnar,
    read_responses_columnar,
    read_responses_lines,
)

if TYPE_CHECKING:  # pydantic (via certibench.schema) is imported only where Items are validated
    from certibench.schema import Item, Response

Reader = Literal["auto", "columnar", "lines"]

__all__ = [
    "ResponseColumns",
    "ResponseTable",
    "build_table",
    "load_items",
    "load_table",
    "read_responses",
]


@reads_streams
def read_responses(
    path: str | os.PathLike[str], *, strict: bool = False, reader: Reader = "auto"
) -> tuple[ResponseColumns, list[RecordError]]:
    """Read a responses file (JSONL, a JSON array or Parquet) into columns, validating
    every record (see :func:`~certibench.metrics.columns.check_response`).

    ``reader``: ``"columnar"`` parses in bulk with pyarrow (:mod:`.reader`), ``"lines"``
    is the per-line reference; ``"auto"`` (the default) is columnar when pyarrow is
    installed.  Both give the same columns and the same errors.  Raises
    :class:`~certibench.io.InputFileError` when the file cannot be read at all and, with
    ``strict``, :class:`~certibench.io.RecordValidationError` on the first bad line.
    """
    if reader == "lines" or (reader == "auto" and not pyarrow_available()):
        return read_responses_lines(path, strict=strict)
    if reader not in ("auto", "columnar"):
        raise ValueError(f"reader must be 'auto', 'columnar' or 'lines', got {reader!r}")
    return read_responses_columnar(path, strict=strict)


@reads_streams(keep=True)
def load_items(
    path: str | os.PathLike[str], *, strict: bool = False, reader: Reader = "auto"
) -> tuple[Sequence[Item], list[RecordError]]:
    """Load items; a repeated item id is an error on its later line (the first is kept).

    With the columnar reader (the default when pyarrow is installed) a JSONL items file
    is validated column-wise and the :class:`~certibench.schema.Item` objects are built
    only when something asks for them (:class:`~certibench.metrics.columns.ItemColumns`);
    the items and errors are the per-line loader's (``reader="lines"``)."""
    if reader not in ("auto", "columnar", "lines"):
        raise ValueError(f"reader must be 'auto', 'columnar' or 'lines', got {reader!r}")
    if reader != "lines" and pyarrow_available():
        got = read_items_columnar(path)
        if got is not None:
            cols, errs = got
            if strict and errs:
                raise RecordValidationError(errs[0])
            return cols, errs
    return io_load_items(path, strict=strict)


@dataclass
class ResponseTable:
    """Items x models, columnar.  Build it with :func:`build_table` / :func:`load_table`."""

    item_ids: np.ndarray  # object (I,)
    theorem_codes: np.ndarray  # int64 (I,)
    theorems: list[str]
    family_codes: np.ndarray  # int64 (I,)
    families: list[str]  # families[0] == "canonical"
    models: list[str]
    p: np.ndarray  # float64 (I, M)
    maj: np.ndarray  # float64 (I, M)
    n_samples: np.ndarray  # int32 (I, M)
    n_errors: np.ndarray  # int32 (I, M)
    n_unparsed: np.ndarray | None = None  # int32 (I, M): samples with no parsed answer; None = 0
    items: Sequence[Item] | None = None  # ItemColumns: built on first use
    warnings: list[RecordError] = field(default_factory=list)
    n_responses: int = 0
    _fields: dict[str, np.ndarray] = field(default_factory=dict, repr=False)

    @property
    def n_items(self) -> int:
        return int(self.item_ids.shape[0])

    @property
    def n_models(self) -> int:
        return len(self.models)

    @property
    def n_theorems(self) -> int:
        return len(self.theorems)

    @property
    def is_canonical(self) -> np.ndarray:
        return self.family_codes == 0

    @property
    def paraphrase_families(self) -> list[str]:
        """Families present (excluding canonical), in canonical display order."""
        present = np.unique(self.family_codes)
        names = [self.families[c] for c in present if c != 0]
        return sorted(names, key=family_sort_key)

    def item_field(self, name: str) -> np.ndarray:
        """An item field as a string array (missing -> ``"(none)"``), for ``--by`` splits."""
        if name in self._fields:
            return self._fields[name]
        if name == "family":
            arr = np.asarray([self.families[c] for c in self.family_codes], dtype=object)
        elif name in ("theorem_id", "theorem"):
            arr = np.asarray([self.theorems[c] for c in self.theorem_codes], dtype=object)
        else:
            if self.items is None:
                raise KeyError(f"item field {name!r} unavailable: the table was built without item records")
            raw = self.items.raw_field(name) if isinstance(self.items, ItemColumns) else None
            if raw is None:  # typed fields (and items given as objects) come from the Items
                raw = [
                    getattr(it, name, None) if name in type(it).model_fields else (it.model_extra or {}).get(name)
                    for it in self.items
                ]
            if all(v is None for v in raw):
                raise KeyError(f"no item carries the field {name!r}")
            arr = np.asarray(
                ["(none)" if v is None else (v if isinstance(v, str) else json.dumps(v, sort_keys=True)) for v in raw],
                dtype=object,
            )
        self._fields[name] = arr
        return arr

    def equivalence_graph(self) -> Any:
        """The equivalence classes as a networkx ``DiGraph``: theorem -> its items.

        Theorem nodes carry ``kind="theorem"``; item nodes ``kind="item"`` and ``family``.
        Node keys are ``("theorem", id)`` / ``("item", id)`` so the two id spaces never clash.
        """
        import networkx as nx

        g = nx.DiGraph()
        g.add_nodes_from((("theorem", t), {"kind": "theorem", "id": t}) for t in self.theorems)
        for k, iid in enumerate(self.item_ids):
            node = ("item", str(iid))
            g.add_node(node, kind="item", id=str(iid), family=self.families[self.family_codes[k]])
            g.add_edge(("theorem", self.theorems[self.theorem_codes[k]]), node)
        return g

    def subset(self, item_mask: np.ndarray) -> ResponseTable:
        """The table restricted to the items where ``item_mask`` is true (same models)."""
        idx = np.flatnonzero(item_mask)
        th_old = self.theorem_codes[idx]
        uniq, th_new = np.unique(th_old, return_inverse=True)
        sub = ResponseTable(
            item_ids=self.item_ids[idx],
            theorem_codes=th_new.astype(np.int64),
            theorems=[self.theorems[u] for u in uniq],
            family_codes=self.family_codes[idx],
            families=self.families,
            models=self.models,
            p=self.p[idx],
            maj=self.maj[idx],
            n_samples=self.n_samples[idx],
            n_errors=self.n_errors[idx],
            n_unparsed=self.n_unparsed[idx] if self.n_unparsed is not None else None,
            items=(
                self.items.take(idx)
                if isinstance(self.items, ItemColumns)
                else [self.items[i] for i in idx] if self.items is not None else None
            ),
            warnings=[],
            n_responses=int(self.n_samples[idx].sum()),
        )
        sub._fields = {k: v[idx] for k, v in self._fields.items()}
        return sub


def build_table(
    items: Sequence[Item | dict[str, Any]],
    responses: ResponseColumns | Iterable[Response | dict[str, Any]],
    *,
    strict: bool = False,
    warnings: Sequence[RecordError] = (),
) -> ResponseTable:
    """Join items and responses into a :class:`ResponseTable`.

    Responses for unknown item ids and repeated ``(item, model, sample)`` triples are
    reported as :class:`RecordError` (the first occurrence is kept) and skipped, or raise
    with ``strict``.  ``warnings`` carries earlier load errors so the table reports them all.
    """
    errors: list[RecordError] = list(warnings)
    if isinstance(responses, ResponseColumns):
        cols = responses
    else:
        cols, errs = ResponseColumns.from_records(responses)
        if strict and errs:
            raise RecordValidationError(errs[0])
        errors.extend(errs)

    # item columns
    its: Sequence[Item]
    if isinstance(items, ItemColumns):  # read column-wise: ids are unique, Items built on demand
        its, ids, class_ids, fams_raw = items, items.ids, items.class_ids, items.families
    else:
        from certibench.schema import Item

        its = [it if isinstance(it, Item) else Item.model_validate(it) for it in items]
        ids = [it.id for it in its]
    if not isinstance(items, ItemColumns) and len(set(ids)) != len(ids):
        seen: set[str] = set()
        keep = []
        for k, it in enumerate(its):
            if it.id in seen:
                err = RecordError(
                    "<items>", k + 1, "id", f"duplicate item id {it.id!r} (first occurrence kept)"
                )
                if strict:
                    raise RecordValidationError(err)
                errors.append(err)
            else:
                seen.add(it.id)
                keep.append(it)
        its = keep
        ids = [it.id for it in its]
    if not isinstance(items, ItemColumns):
        class_ids = [it.class_id for it in its]
        fams_raw = [it.family for it in its]
    n_items = len(ids)
    th_codes, th_uniq = factorize(class_ids)
    fam_cache: dict[str, str] = {}
    fam_names = [fam_cache[f] if f in fam_cache else fam_cache.setdefault(f, family_name(f)) for f in fams_raw]
    fam_set = sorted(set(fam_cache.values()) | {CANONICAL}, key=family_sort_key)
    fam_index = {f: i for i, f in enumerate(fam_set)}
    fam_codes = np.asarray([fam_index[f] for f in fam_names], dtype=np.int64)
    item_index = {iid: k for k, iid in enumerate(ids)}

    # responses -> integer codes (ids were coded against small vocabularies while reading)
    n = len(cols)
    vocab_to_item = np.asarray([item_index.get(u, -1) for u in cols.item_vocab], dtype=np.int64)
    r_item = vocab_to_item[cols.item_code] if n else np.zeros(0, np.int64)
    m_codes = cols.model_code
    keep = r_item >= 0
    all_kept = bool(keep.all())
    if not all_kept:
        bad = np.flatnonzero(~keep)
        if strict:
            k = int(bad[0])
            raise RecordValidationError(
                RecordError(cols.file, int(cols.line[k]), "item_id", f"unknown item id {cols.item_of(k)!r}")
            )
        for k in bad:
            errors.append(
                RecordError(
                    cols.file, int(cols.line[k]), "item_id", f"unknown item id {cols.item_of(int(k))!r}"
                )
            )
    # models in first-seen order among kept rows
    n_vocab = len(cols.model_vocab)
    used_mask = (
        np.bincount(m_codes if all_kept else m_codes[keep], minlength=n_vocab) > 0
        if n
        else np.zeros(n_vocab, bool)
    )
    used = np.flatnonzero(used_mask)
    remap = np.full(n_vocab, -1, dtype=np.int64)
    remap[used] = np.arange(len(used))
    models = [str(cols.model_vocab[u]) for u in used]
    n_models = len(models)

    if all_kept:
        ridx = None  # every row: plain views, no gathers
        cell = r_item * max(n_models, 1) + (
            m_codes if np.array_equal(used, np.arange(n_vocab)) else remap[m_codes]
        )
        samples = cols.sample
    else:
        ridx = np.flatnonzero(keep)
        cell = r_item[ridx] * max(n_models, 1) + remap[m_codes[ridx]]
        samples = cols.sample[ridx]
    size = n_items * n_models
    # duplicates of (item, model, sample): keep the first occurrence in file order
    if samples.size and int(samples.max()) >= cell.size:
        # sparse sample numbers (any int64 is a valid one): their ranks keep the key
        # cell * smax + sample inside int64 (2^62 - 1 wrapped around and made distinct
        # responses "duplicates"; 2^63 - 1 overflowed), in the same order
        samples = np.unique(samples, return_inverse=True)[1].reshape(-1).astype(np.int64)
    smax = int(samples.max()) + 1 if samples.size else 1
    key = cell * smax + samples if smax > 1 else cell
    counts = None  # with one sample per cell and no duplicate, the counts per cell
    if size * smax <= 4 * max(cell.size, 1) + 10_000_000:
        per_key = np.bincount(key, minlength=size * smax)
        has_dup = bool(cell.size) and int(per_key.max()) > 1
        if smax == 1 and not has_dup:
            counts = per_key
        del per_key
    else:
        has_dup = True  # too sparse for a counting check: sort
    if has_dup and cell.size > 1:
        order = np.argsort(key, kind="stable")
        ks = key[order]
        dup_sorted = np.zeros(ks.size, dtype=bool)
        dup_sorted[1:] = ks[1:] == ks[:-1]
        if dup_sorted.any():
            rows = np.arange(cell.size) if ridx is None else ridx
            first_pos = np.maximum.accumulate(np.where(~dup_sorted, np.arange(ks.size), 0))
            dup_rows = order[dup_sorted]
            first_rows = order[first_pos[dup_sorted]]
            if strict:
                k, f = rows[dup_rows[0]], rows[first_rows[0]]
                raise RecordValidationError(_dup_error(cols, int(k), int(f)))
            for k, f in zip(rows[dup_rows], rows[first_rows], strict=True):
                errors.append(_dup_error(cols, int(k), int(f)))
            keep_rows = np.ones(cell.size, dtype=bool)
            keep_rows[dup_rows] = False
            ridx = rows[keep_rows]
            cell = cell[keep_rows]

    errors.sort(key=lambda e: (e.file == cols.file, e.file, e.line))
    correct = cols.correct if ridx is None else cols.correct[ridx]
    error = cols.error if ridx is None else cols.error[ridx]
    cnt = (counts if counts is not None else np.bincount(cell, minlength=size)).astype(np.int32)
    cor = np.bincount(cell, weights=correct, minlength=size)
    if error.any():
        err = np.bincount(cell, weights=error, minlength=size).astype(np.int32)
    else:
        err = np.zeros(size, dtype=np.int32)
    n_unparsed = None
    if cols.unparsed is not None:
        unp = cols.unparsed if ridx is None else cols.unparsed[ridx]
        if unp.any():
            n_unparsed = (
                np.bincount(cell, weights=unp, minlength=size).astype(np.int32).reshape(n_items, n_models)
            )
    with np.errstate(invalid="ignore", divide="ignore"):
        p = cor / cnt
    maj = np.where(cnt > 0, (2 * cor > cnt).astype(np.float64), np.nan)
    p = p.reshape(n_items, n_models)
    return ResponseTable(
        item_ids=np.asarray(ids, dtype=object),
        theorem_codes=th_codes,
        theorems=[str(t) for t in th_uniq],
        family_codes=fam_codes,
        families=fam_set,
        models=models,
        p=p,
        maj=maj.reshape(n_items, n_models),
        n_samples=cnt.reshape(n_items, n_models),
        n_errors=err.reshape(n_items, n_models),
        n_unparsed=n_unparsed,
        items=its,
        warnings=errors,
        n_responses=int(cell.size),
    )


def _dup_error(cols: ResponseColumns, k: int, first: int) -> RecordError:
    return RecordError(
        cols.file,
        int(cols.line[k]),
        "sample",
        f"duplicate response for (item {cols.item_of(k)!r}, model {cols.model_of(k)!r}, sample {int(cols.sample[k])}); "
        f"first seen at line {int(cols.line[first])}; the first is kept",
    )


@reads_streams(keep=True)
def load_table(
    items_path: str | os.PathLike[str],
    responses_path: str | os.PathLike[str],
    *,
    strict: bool = False,
    reader: Reader = "auto",
) -> ResponseTable:
    """Load and join an items file and a responses file (all errors collected in ``warnings``).

    With ``strict`` the earliest bad record (items file first, then by line) is raised as
    :class:`~certibench.io.RecordValidationError`, whichever check caught it.
    """
    items, item_errs = load_items(items_path, reader=reader)
    if strict and item_errs:
        raise RecordValidationError(item_errs[0])
    cols, resp_errs = read_responses(responses_path, reader=reader)
    table = build_table(items, cols, warnings=[*item_errs, *resp_errs])
    if strict and table.warnings:
        raise RecordValidationError(table.warnings[0])
    return table
