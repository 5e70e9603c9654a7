"""Capture-avoiding substitution and fresh names (issue 8, item 2).

User variables are named like every internal prefix used anywhere in the code base (found
by grepping the package for generated names):

* ``verify/antiunify.py``: ``u_`` (safe identifiers), ``atom_N`` (opaque atoms), ``shared_N``
  (shared atoms), ``#N`` ``#LN`` ``#bN`` (placeholders; ``#`` cannot occur in Lean names);
* ``verify/backends/z3.py``: ``cb_xK`` (common ∀-prefix variables);
* ``logic/render_z3.py``: Z3-level names ``xK``, ``iK``, ``k``, ``x``, ``y``, ``e!N``,
  ``inst!…``, ``var:NAME``, ``_uXXXX``;
* ``logic/pratt.py``: ``_cK`` (the variables of Lean's ``·`` functions);
* ``logic/ast.py`` (α-normal form) ``#bK`` ``#TK``; ``logic/elaborate.py`` ``?K`` ``?tK``
  (metavariables); ``logic/signatures.py`` ``_α`` (schematic parameters) — none of these
  can be written by a user (``#``/``?``) or reach an AST (``_α``).
"""

from __future__ import annotations

import pytest

from certibench.logic.ast import (
    NAT,
    PROP,
    App,
    Binder,
    BinOp,
    Const,
    Lam,
    Num,
    Quant,
    Var,
    alpha_equivalent,
    alpha_key,
    free_var_names,
    fresh_name,
    names_in,
    statement_key,
    subst,
)
from certibench.logic.parser import parse_declaration, parse_expr, parse_prop
from certibench.logic.render_lean import render_lean

#: User variable names that look like the internal names of the code base.
INTERNAL_LOOKALIKES = [
    "shared_1", "shared_2", "cb_x0", "cb_x1", "u_x", "u_", "atom_1", "atom", "x0", "x1", "i0", "k", "x",
    "y", "_c1", "_c2", "_u0078", "_a", "_α", "e", "inst", "var",
]  # fmt: skip


@pytest.mark.parametrize("name", INTERNAL_LOOKALIKES)
def test_user_variables_named_like_internal_names_parse_and_round_trip(name: str) -> None:
    text = f"theorem t ({name} : Prop) (n : ℕ) : (2 : ℕ) < 3 ∧ {name} ∧ ∀ m : ℕ, m + n ≥ n"
    d = parse_declaration(text)
    assert d.binders[0].name == name
    assert parse_declaration(render_lean(d)) == d
    # ∧ vs ∨ with the same user variable: different statements
    e = parse_declaration(text.replace(f"∧ {name} ∧", f"∨ {name} ∧"))
    assert not alpha_equivalent(d, e)
    assert statement_key(d) != statement_key(e)


@pytest.mark.parametrize("name", INTERNAL_LOOKALIKES)
def test_substitution_never_captures_a_user_variable(name: str) -> None:
    # ∀ name, P name x   [x := name]  must rename the binder, not capture the value
    body = BinOp("<", Var(name, NAT), Var("x" if name != "x" else "y", NAT), PROP)
    q = Quant("∀", Binder(name, NAT), body, PROP)
    target = "x" if name != "x" else "y"
    out = subst(q, {target: Var(name, NAT)})
    assert isinstance(out, Quant) and out.binder.name != name
    assert out.body.lhs == Var(out.binder.name, NAT)  # the bound occurrence follows its binder
    assert out.body.rhs == Var(name, NAT)  # the substituted value stays free
    assert name in free_var_names(out)
    assert out.binder.name not in names_in(q) | {name}


def test_cdot_functions_never_capture_a_user_variable_named_like_them() -> None:
    e = parse_expr("(· + _c1) = (fun y => y + _c1)", {"_c1": NAT})
    lam = e.lhs
    assert isinstance(lam, Lam) and lam.binder.name != "_c1"
    assert lam.body.rhs == Var("_c1", NAT)
    assert alpha_key(e.lhs) == alpha_key(e.rhs)


def test_fresh_name_avoids_free_bound_and_constant_names() -> None:
    e = parse_prop("∀ x0 : ℕ, x0 = x01 ∧ Nat.gcd x0 1 = 1")
    taken = names_in(e)
    assert {"x0", "x01", "Nat.gcd"} <= taken
    assert fresh_name("x0", taken) == "x02"
    assert fresh_name("Nat.gcd", (), e) == "Nat.gcd1"
    assert fresh_name("cb_x0", {"cb_x0", "cb_x01"}) == "cb_x02"


def test_subst_renames_only_on_capture_and_respects_shadowing() -> None:
    q = parse_expr("∀ n : ℕ, n + m = m + n", {"m": NAT})
    same = subst(q, {"m": Num("3", NAT)})
    assert same.binder.name == "n" and same.body.lhs.rhs == Num("3", NAT)
    shadow = parse_expr("∀ m : ℕ, m = m")
    assert subst(shadow, {"m": Num("3", NAT)}) == shadow  # no free m: nothing to do
    captured = subst(q, {"m": Var("n", NAT)})
    assert captured.binder.name not in ("n", "m")
    assert alpha_equivalent_expr(captured, parse_expr("∀ k : ℕ, k + n = n + k", {"n": NAT}))


def test_subst_reaches_sort_parameters_and_lambda_bodies() -> None:
    d = parse_declaration("theorem t (n : ℕ) : ∀ x : Fin n, x = x")
    body = d.prop
    out = subst(body, {"n": Num("3", NAT)})
    assert out.binder.sort.params == (Num("3", NAT),)
    assert out.body.lhs.sort.params == (Num("3", NAT),)
    lam = Lam(Binder("y", NAT), BinOp("+", Var("y", NAT), Var("z", NAT), NAT))
    app = App(Const("f"), (lam,))
    got = subst(app, {"z": Var("y", NAT)})
    inner = got.args[0]
    assert inner.binder.name != "y" and inner.body.rhs == Var("y", NAT)


def alpha_equivalent_expr(a: object, b: object) -> bool:
    return alpha_key(a) == alpha_key(b)  # type: ignore[arg-type]
