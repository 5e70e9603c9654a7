"""Write the JSON Schemas of the data contracts (docs/schemas/*.json) from the pydantic
models that validate them, so the documentation cannot drift from the code.

    PYTHONPATH=python python docs/schemas/generate.py          # rewrite the files
    PYTHONPATH=python python docs/schemas/generate.py --check  # exit 1 if any is stale

``tests/project/test_docs.py`` runs the check.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: file name -> (module, model, one-line description written into the schema)
SCHEMAS: dict[str, tuple[str, str, str]] = {
    "item.json": ("certibench.schema", "Item", "One benchmark item (a line of an items JSONL file); FormInv items load unchanged."),
    "response.json": ("certibench.schema", "Response", "One model answer to one item (a line of RUN_DIR/responses.jsonl)."),
    "certificate.json": ("certibench.verify.certificate", "Certificate", "The evidence behind one paraphrase's verdict (item.certificate, proofs/certificates/*.json)."),
    "family-spec.json": ("certibench.families.registry", "FamilySpec", "One paraphrase family (families/F*.toml, read as TOML)."),
    "run-options.json": ("certibench.run.options", "RunOptions", "Everything `certibench run` / certibench.run() is asked to do."),
}


def render(module: str, model: str, description: str) -> str:
    cls = getattr(importlib.import_module(module), model)
    schema = cls.model_json_schema(mode="validation")
    doc = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$comment": description, **schema}
    return json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="Report stale files and exit 1 instead of writing.")
    args = ap.parse_args(argv)
    stale = []
    for name, (module, model, description) in SCHEMAS.items():
        text = render(module, model, description)
        path = HERE / name
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if stale:
        print("stale: " + ", ".join(stale) + " (run: PYTHONPATH=python python docs/schemas/generate.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
