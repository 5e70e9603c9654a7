import Certibench.Tactics
import Certibench.Corpus.NumberTheory
import Certibench.Corpus.Algebra
import Certibench.Corpus.Order
import Certibench.Corpus.Analysis
import Certibench.Corpus.Sets
import Certibench.Corpus.Combinatorics

/-!
# Certibench

The Lean side of certibench:

* `Certibench.Corpus.*` — the bundled statement corpus: every `theorem` restates one Mathlib
  lemma and is tagged `@topic area/subarea/concept` in its doc comment. The offline loader
  `certibench.corpus.bundled` reads these files without Lean.
* `Certibench.Tactics` — the `certibench_equiv` tactic ladder used by the Lean certificate
  backend on generalized `↔` goals.

`lake build Certibench` checks all of it against the Mathlib pinned in `lakefile.lean`.
-/
