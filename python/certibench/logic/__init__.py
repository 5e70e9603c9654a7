"""certibench.logic layer: Lean statements as typed ASTs.

The parser and elaborator (Lean 4 header -> typed AST), and the renderers of an AST to
Lean, English, Z3 and SymPy; parser coverage over files of statements (:mod:`.coverage`).
The bottom layer: it imports no other layer.  See ``docs/architecture.md``.
"""
