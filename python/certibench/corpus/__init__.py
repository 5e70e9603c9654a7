"""certibench.corpus layer: where statements come from.

The bundled Lean corpus and any ``.lean`` file (:mod:`.bundled`), one read-only view over
every statement source (:mod:`.statements`), the benchmark importers (FormInv, MathCheck,
We-Math, ProcessBench, LeanDojo; :mod:`.imports`) and the knowledge-concept tree
(:mod:`.concepts`).  Layer order and data flow: ``docs/architecture.md``.
"""
