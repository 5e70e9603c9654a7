import Lake
open Lake DSL

/-! The Lean side of certibench: the bundled statement corpus (`Certibench.Corpus.*`)
and the equivalence tactics used by the Lean certificate backend.
Mathlib is pinned to the release tag matching `lean-toolchain`. -/

package «certibench» where
  leanOptions := #[⟨`autoImplicit, false⟩, ⟨`relaxedAutoImplicit, false⟩]

require mathlib from git
  "https://github.com/leanprover-community/mathlib4.git" @ "v4.15.0"

@[default_target]
lean_lib «Certibench» where
  srcDir := "lean"
