"""certibench.verify layer (docs/architecture.md, docs/soundness.md, docs/certifier.md).

* :mod:`~certibench.verify.certifier` — ``certify_pair`` / ``certify_items`` (the entry points);
* :mod:`~certibench.verify.antiunify` — the non-vacuity abstraction of a pair;
* :mod:`~certibench.verify.backends` — ``z3``, ``sympy``, ``lean``, ``template``;
* :mod:`~certibench.verify.review` — the append-only human review ledger;
* :mod:`~certibench.verify.policy` — which evidence each tier needs (``meets_tier``);
* :mod:`~certibench.verify.certificate` — certificates and ``recheck`` (Z3, cvc5);
* :mod:`~certibench.verify.pool` — the isolating worker pool.

Submodules import their engines lazily; importing this package is cheap.
"""
