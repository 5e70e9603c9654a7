"""The documentation in docs/ is part of the repository and stays true: the JSON Schemas
are the ones the models generate today and describe real files, relative links resolve,
and nothing in the package or README points outside the repository."""

from __future__ import annotations

import importlib.util
import json
import re

import jsonschema

from certibench.resources import release_items_path
from tests.helpers import REPO

DOCS = REPO / "docs"


def _validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((DOCS / "schemas" / name).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _generator():  # docs/schemas/generate.py is a script, not a package module
    spec = importlib.util.spec_from_file_location("_schema_generator", DOCS / "schemas" / "generate.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_json_schemas_are_up_to_date(capsys) -> None:
    gen = _generator()
    assert gen.main(["--check"]) == 0, capsys.readouterr().err
    assert {p.name for p in (DOCS / "schemas").glob("*.json")} == set(gen.SCHEMAS)


def test_schemas_accept_real_files_and_reject_bad_records() -> None:
    item, cert, resp = (_validator(n) for n in ("item.json", "certificate.json", "response.json"))
    with release_items_path().open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    for row in rows:
        item.validate(row)
    assert any(r.get("certificate", {}).get("verdict") == "certified" for r in rows)
    resp.validate({"item_id": "a", "model": "m", "raw": "TRUE", "parsed": "TRUE", "correct": True, "meta": {"attempts": 1}})
    for bad, v in (({"family": "canonical"}, item), ({"id": "x", "tier": "T4"}, item),
                   ({"item_id": "a"}, resp), ({"verdict": "certified"}, cert)):
        assert not v.is_valid(bad), bad


def test_release_certificates_follow_the_certificate_contract() -> None:
    cert = _validator("certificate.json")
    with release_items_path().open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if row.get("certificate"):
                cert.validate(row["certificate"])


def test_relative_links_in_docs_and_readme_resolve() -> None:
    pages = [*DOCS.glob("*.md"), REPO / "README.md"]
    assert {p.name for p in DOCS.glob("*.md")} >= {"architecture.md", "data-contracts.md", "soundness.md", "extending.md"}
    for page in pages:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            assert (page.parent / target).exists(), f"{page.name}: broken link {target}"


def test_nothing_outside_the_repository_is_referenced() -> None:
    """Library code and README refer to docs/, never to the design notes outside the repo;
    only tests (and benchmarks) read the reference data in ../shared/data."""
    offenders = []
    for path in [*(REPO / "python").rglob("*.py"), REPO / "README.md", *DOCS.rglob("*.md")]:
        text = path.read_text(encoding="utf-8")
        if "shared/DESIGN" in text or ("../shared" in text and path.name != "README.md"):
            offenders.append(str(path.relative_to(REPO)))
    assert offenders == [], offenders
