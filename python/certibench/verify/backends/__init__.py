"""Certificate backends behind one protocol (:mod:`.base`): ``rewrite`` (chains replayed by
the kernel), ``smt`` (Z3), ``sympy``, ``lean``, ``template`` and ``review`` (:mod:`.builtin`).
Importing this package registers the built-in backends; each imports its engine lazily."""

from certibench.verify.backends import builtin as _builtin  # noqa: F401  (registers the built-in backends)
