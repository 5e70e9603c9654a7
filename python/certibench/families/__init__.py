"""certibench.families layer: the paraphrase families F1–F8.

The declarative specs in ``families/*.toml`` (:mod:`.registry`), the T1 rewrite rules they
declare (:mod:`.rules`), the English wording of T2/T3 families (:mod:`.wording`) and the
application of a family to a statement (:mod:`.apply`).  How to add a rule or a
definitional lemma: ``docs/extending.md``; the evidence each tier needs:
``docs/soundness.md``.
"""
