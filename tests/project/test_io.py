"""certibench.io: one bad record (invalid JSON, not UTF-8, wrong field) costs only itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from certibench.io import InputFileError, RecordValidationError, load_records
from certibench.schema import Item


def test_bad_lines_are_reported_with_line_and_field_and_the_rest_loads(tmp_path: Path) -> None:
    p = tmp_path / "items.jsonl"
    p.write_bytes(
        b'\xef\xbb\xbf{"id": "a"}\n'          # a byte-order mark is not an error
        b'{"id": "b\xff"}\n'                  # not UTF-8
        b"{not json\n"
        b"\n"
        b'{"id": "d", "tier": "tier9"}\n'     # a bad field
        b'{"id": "e", "tier": "tier2"}\n'
    )
    items, errors = load_records(p, Item)
    assert [it.id for it in items] == ["a", "e"]
    assert items[1].tier == "T2"
    assert [(e.line, e.field) for e in errors] == [(2, None), (3, None), (5, "tier")]
    assert "not UTF-8" in errors[0].message and "invalid JSON" in errors[1].message
    assert str(errors[2]).startswith(f"{p}:5: field 'tier'")
    with pytest.raises(RecordValidationError, match=":2"):
        load_records(p, Item, strict=True)


def test_json_arrays_and_unreadable_files(tmp_path: Path) -> None:
    arr = tmp_path / "items.json"
    arr.write_text('[{"id": "x"}, {"nope": 1}]', encoding="utf-8")
    items, errors = load_records(arr, Item)
    assert [it.id for it in items] == ["x"] and errors[0].line == 2 and errors[0].field == "id"
    with pytest.raises(InputFileError, match="cannot read"):
        load_records(tmp_path / "missing.jsonl", Item)
    binary = tmp_path / "bin.jsonl"
    binary.write_bytes(b"\x00\x01garbage")
    with pytest.raises(InputFileError, match="binary"):
        load_records(binary, Item)
