"""When is the formula read back from English the certified formula?

:func:`same_statement` compares two declarations *including* their type and instance
binders.  Equality is syntactic (canonical JSON of the AST) after a normal form that only
removes differences English cannot — and should not — express:

* bound-variable names (α-renaming, type variables included), binder kinds
  (``{x}``/``(x)``), names of instance binders, presentation (ascriptions, dot notation,
  the instantiated types recorded on constants);
* the declaration's binder list versus leading ``∀``/``→`` (a header ``(a : ℕ) (h : P) : Q``
  is the proposition ``∀ a : ℕ, P → Q``), type and instance binders hoisted to the front,
  auto-bound type variables made explicit;
* Lean's reducible notations: ``a ≥ b`` is ``b ≤ a``, ``a > b`` is ``b < a``, ``a ≠ b`` is
  ``¬ (a = b)``, ``a ∉ s`` is ``¬ (a ∈ s)`` (each holds by ``Iff.rfl`` in Mathlib:
  ``ge_iff_le``, ``gt_iff_lt``, ``ne_eq``, ``Set.not_mem_def``);
* where number casts sit when they do not change a value: casts are pulled up through
  ``+``, ``*``, ``^`` (base), negation, ``max``/``min`` and ℤ-or-larger subtraction, through
  ℕ→ℤ division and remainder, and dropped around relations of cast values
  (``Nat.cast_add``, ``Nat.cast_mul``, ``Nat.cast_pow``, ``Int.cast_sub``, ``Int.cast_neg``,
  ``Nat.cast_max``, ``Int.natCast_div``, ``Int.natCast_mod``, ``Nat.cast_le``,
  ``Nat.cast_lt``, ``Nat.cast_inj``, ``Int.natCast_dvd_natCast`` and their ℤ/ℚ analogues).
  ℕ subtraction, ℕ→ℝ division and every other operation keep their casts: a cast around
  them changes meaning and is stated in the English.

Nothing else is identified: ``A ∧ B → C`` is not ``A → B → C``, ``x * 2`` is not ``2 * x``,
``[Field R]`` is not ``[DivisionRing R]``.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from certibench.logic.ast import (
    INT,
    NAT,
    PROP,
    RAT,
    UNKNOWN,
    App,
    Ascribe,
    Binder,
    BinOp,
    Const,
    Declaration,
    Expr,
    Lam,
    Num,
    Quant,
    Sort,
    UnOp,
    Var,
    canonical_key,
    children,
    map_children,
    walk,
)
from certibench.logic.render_lean import render_lean, render_sort

__all__ = ["closed_statement", "first_difference", "normal_form", "same_statement", "textbook_origin"]

_RANK = {"Nat": 0, "Int": 1, "Rat": 2, "Real": 3, "Complex": 4}
_CAST_FUNS = frozenset({"Nat.cast", "Int.cast", "Rat.cast", "Int.ofNat", "Complex.ofReal"})


def _is_type_level(b: Binder) -> bool:
    return b.kind == "inst" or (b.sort is not None and b.sort.head in ("Type", "Sort") and not b.sort.is_var)


def _only_type_vars(s: Sort, type_names: set[str | None]) -> bool:
    if s.params:
        return False
    return all((a.is_var and a.head in type_names) or (not a.is_var and _only_type_vars(a, type_names)) for a in s.args)


def _sorts_in(e: Expr) -> list[Sort]:
    out: list[Sort] = []
    for n in walk(e):
        s = getattr(n, "sort", None)
        if isinstance(s, Sort):
            out.append(s)
        if isinstance(n, (Quant, Lam)) and n.binder.sort is not None:
            out.append(n.binder.sort)
    return out


def _type_vars(e: Expr) -> list[str]:
    seen: list[str] = []

    def go(s: Sort) -> None:
        if s.is_var and not s.head.startswith("_") and s.head not in seen:
            seen.append(s.head)
        for a in s.args:
            go(a)

    for s in _sorts_in(e):
        go(s)
    return seen


def _bound_type_names(e: Expr) -> set[str]:
    return {
        n.binder.name
        for n in walk(e)
        if isinstance(n, Quant) and n.binder.name and n.binder.sort is not None and n.binder.sort.head in ("Type", "Sort")
    }


def closed_statement(d: Declaration) -> Expr:
    """The declaration as one closed proposition including its type and instance binders
    (hoisted to the front when they mention type variables only) and universally bound
    free type variables (Lean's auto-bound implicits)."""
    front: list[Binder] = []
    rest: list[Binder] = []
    type_names = {b.name for b in d.binders if b.sort is not None and _is_type_level(b) and b.kind != "inst"}
    for b in d.binders:
        if b.hyp is None and b.sort is not None and _is_type_level(b):
            if b.kind == "inst" and not _only_type_vars(b.sort, type_names):
                rest.append(b)
            else:
                front.append(b)
        else:
            rest.append(b)
    body = d.prop
    for b in reversed(front + rest):
        if b.hyp is not None:
            body = BinOp("→", b.hyp, body, PROP)
        elif b.sort is not None:
            body = Quant("∀", b, body, PROP)
    bound_types = _bound_type_names(body)
    free = [tv for tv in _type_vars(body) if tv not in bound_types]
    for tv in reversed(free):
        body = Quant("∀", Binder(tv, Sort("Type"), None, "implicit"), body, PROP)
    return body


# --------------------------------------------------------------------------------------
# Casts
# --------------------------------------------------------------------------------------


def _num_sort(s: Sort | None) -> bool:
    return s is not None and not s.is_var and not s.args and not s.params and s.head in _RANK


def _origin(e: Expr) -> Sort | None:
    """The smallest number sort this value is (syntactically) a cast from, or ``None``."""
    if isinstance(e, UnOp) and e.op == "↑" and _num_sort(e.arg.sort) and _num_sort(e.sort):
        return e.arg.sort
    if isinstance(e, Num) and _num_sort(e.sort):
        try:
            v = Fraction(e.value)
        except (ValueError, ZeroDivisionError):
            return e.sort
        return NAT if v.denominator == 1 and v >= 0 else e.sort
    if isinstance(e, UnOp) and e.op == "-" and isinstance(e.arg, Num) and _num_sort(e.sort):
        inner = _origin(e.arg)
        if inner is not None and inner.head == "Nat":
            return INT if _RANK[e.sort.head] >= _RANK["Int"] else e.sort
    if _num_sort(e.sort):
        return e.sort
    return None


def _down(e: Expr, s: Sort) -> Expr:
    """``e`` (a cast from a sort ≤ ``s``, or a numeral) expressed at sort ``s``."""
    if isinstance(e, UnOp) and e.op == "↑":
        if e.arg.sort == s:
            return e.arg
        return UnOp("↑", e.arg, s)
    if isinstance(e, Num):
        return Num(e.value, s)
    if isinstance(e, UnOp) and e.op == "-" and isinstance(e.arg, Num):
        return UnOp("-", Num(e.arg.value, s), s)
    return e


def _up(e: Expr, target: Sort) -> Expr:
    """``e`` cast to ``target`` (identity when the sorts agree)."""
    return e if e.sort == target else UnOp("↑", e, target)


def _max_sort(*sorts: Sort) -> Sort:
    return max(sorts, key=lambda o: _RANK[o.head])


def _pull(e: Expr) -> Expr:
    """One node: turn ``op(↑x, ↑y)`` into ``↑(op(x, y))`` in the smallest number system
    where ``op`` computes the same value, and drop casts around relations of cast values.

    * ``+ * ^`` (base), ``max``/``min``, relations ``= ≤ <``: the largest origin;
    * ``-``, negation, ``|·|``: at least ℤ (ℕ's truncated subtraction is never used);
    * field division: at least ℚ; ℕ→ℤ ``/`` and ``%``: ℕ (``Int.natCast_div``/``_mod``);
    * ``∣``: ℕ→ℤ only (divisibility in a field is trivial).
    """
    if isinstance(e, UnOp) and e.op == "↑":
        inner = e.arg
        if inner.sort == e.sort:
            return inner  # a cast to the type the value already has
        if isinstance(inner, UnOp) and inner.op == "↑" and _num_sort(inner.arg.sort):
            return _up(inner.arg, e.sort)  # ↑(↑x) = ↑x (Int.cast_natCast, …)
        if isinstance(inner, Num) and _num_sort(e.sort):
            return Num(inner.value, e.sort)
        return e
    if isinstance(e, BinOp) and e.sort == PROP:
        return _pull_relation(e)
    if not _num_sort(e.sort):
        return e
    t = e.sort
    if isinstance(e, BinOp) and e.op in ("+", "*", "-", "/", "%", "^"):
        if e.op == "^":
            o = _origin(e.lhs)
            if o is not None and _RANK[o.head] < _RANK[t.head]:
                return _up(BinOp("^", _down(e.lhs, o), e.rhs, o), t)
            return e
        lo, ro = _origin(e.lhs), _origin(e.rhs)
        if lo is None or ro is None:
            return e
        s = _max_sort(lo, ro)
        if e.op == "-":
            s = _max_sort(s, INT)
        elif e.op in ("/", "%"):
            if t.head in ("Nat", "Int"):
                if not (e.op in ("/", "%") and s.head == "Nat" and t.head == "Int"):
                    return e
            elif e.op == "/":
                s = _max_sort(s, RAT)
            else:
                return e
        if _RANK[s.head] >= _RANK[t.head]:
            return e
        return _up(BinOp(e.op, _down(e.lhs, s), _down(e.rhs, s), s), t)
    if isinstance(e, UnOp) and e.op in ("-", "abs"):
        o = _origin(e.arg)
        if o is not None:
            s = _max_sort(o, INT)
            if _RANK[s.head] < _RANK[t.head]:
                return _up(UnOp(e.op, _down(e.arg, s), s), t)
        return e
    if isinstance(e, App) and isinstance(e.fn, Const) and e.fn.name in ("max", "min") and e.args:
        origins = [_origin(a) for a in e.args]
        if any(o is None for o in origins):
            return e
        s = _max_sort(*origins)  # type: ignore[arg-type]
        if _RANK[s.head] < _RANK[t.head]:
            return _up(App(e.fn, tuple(_down(a, s) for a in e.args), s), t)
    return e


def _pull_relation(e: BinOp) -> Expr:
    if e.op not in ("=", "≤", "<", "∣"):
        return e
    carrier = e.lhs.sort
    if not _num_sort(carrier):
        return e
    lo, ro = _origin(e.lhs), _origin(e.rhs)
    if lo is None or ro is None:
        return e
    s = _max_sort(lo, ro)
    if _RANK[s.head] >= _RANK[carrier.head]:
        return e
    if e.op == "∣" and not (s.head == "Nat" and carrier.head == "Int"):
        return e
    return BinOp(e.op, _down(e.lhs, s), _down(e.rhs, s), PROP)


# --------------------------------------------------------------------------------------
# Normal form
# --------------------------------------------------------------------------------------


def _canon_node(e: Expr) -> Expr:
    """Presentation and notation differences removed at one node (children done)."""
    if isinstance(e, Ascribe):
        return e.expr
    if isinstance(e, App) and isinstance(e.fn, Const) and e.fn.name in _CAST_FUNS and len(e.args) == 1:
        e = UnOp("↑", e.args[0], e.sort)
    if isinstance(e, App) and isinstance(e.fn, Const) and e.fn.name == "Dvd.dvd" and len(e.args) == 2:
        e = BinOp("∣", e.args[0], e.args[1], PROP)
    if isinstance(e, App) and isinstance(e.fn, Const) and e.fn.name == "abs" and len(e.args) == 1:
        e = UnOp("abs", e.args[0], e.sort)
    if isinstance(e, App) and isinstance(e.fn, Const) and e.fn.name == "Nat.succ" and len(e.args) == 1:
        e = BinOp("+", e.args[0], Num("1", e.sort), e.sort)  # `Nat.succ n` is `n + 1` by definition
    if isinstance(e, App) and isinstance(e.fn, Const):
        e = App(Const(e.fn.name, UNKNOWN), e.args, e.sort)
    if isinstance(e, BinOp):
        if e.op == "≥":
            e = BinOp("≤", e.rhs, e.lhs, e.sort)
        elif e.op == ">":
            e = BinOp("<", e.rhs, e.lhs, e.sort)
        elif e.op == "≠":
            return UnOp("¬", _pull(BinOp("=", e.lhs, e.rhs, PROP)), PROP)
        elif e.op == "∉":
            return UnOp("¬", BinOp("∈", e.lhs, e.rhs, PROP), PROP)
        elif e.op == "-" and isinstance(e.rhs, Num) and e.rhs.value == "0" and _num_sort(e.sort):
            # `x - 0` is `x` in every number system (`sub_zero`, `Nat.sub_zero`): the
            # reader may compute it in ℕ where the item computes it in ℤ
            return e.lhs
    if isinstance(e, Quant):
        b = e.binder
        kind = "inst" if b.kind == "inst" else "explicit"
        name = None if b.kind == "inst" else b.name
        e = Quant(e.q, Binder(name, b.sort, b.hyp, kind), e.body, e.sort)
    if isinstance(e, Lam):
        b = e.binder
        e = Lam(Binder(b.name, b.sort, b.hyp, "explicit"), e.body, e.sort)
    return _pull(e)


def _canon(e: Expr) -> Expr:
    return _canon_node(map_children(e, _canon))


def _rename_sort(s: Sort | None, ren: dict[str, str]) -> Sort | None:
    if s is None:
        return None
    head = ren.get(s.head, s.head) if s.is_var else s.head
    args = tuple(_rename_sort(a, ren) for a in s.args)  # type: ignore[misc]
    params = tuple(_alpha(p, ren, [0]) for p in s.params)
    return Sort(head, args, s.is_var, params)  # type: ignore[arg-type]


def _alpha(e: Expr, ren: dict[str, str], counter: list[int]) -> Expr:
    """Bound names (term and type variables) renamed in binding order."""
    if isinstance(e, Var):
        return Var(ren.get(e.name, e.name), _rename_sort(e.sort, ren))  # type: ignore[arg-type]
    if isinstance(e, (Quant, Lam)):
        b = e.binder
        inner = dict(ren)
        new_name = b.name
        if b.name is not None:
            new_name = f"_v{counter[0]}"
            counter[0] += 1
            inner[b.name] = new_name
        binder = Binder(new_name, _rename_sort(b.sort, ren), None if b.hyp is None else _alpha(b.hyp, ren, counter), b.kind)
        body = _alpha(e.body, inner, counter)
        if isinstance(e, Quant):
            return Quant(e.q, binder, body, e.sort)
        return Lam(binder, body, _rename_sort(e.sort, ren))  # type: ignore[arg-type]
    out = map_children(e, lambda c: _alpha(c, ren, counter))
    if isinstance(out, (Num, App, BinOp, UnOp, Const)):
        return replace(out, sort=_rename_sort(out.sort, ren))
    return out


def textbook_origin(e: Expr) -> Sort | None:
    """The smallest number system the value of term ``e`` is a cast from once casts are in
    normal form (``None`` for terms that are not numbers) — what a reader who sees no
    casts assigns the term."""
    return _origin(_canon(e))


def normal_form(d: Declaration | Expr) -> Expr:
    """The comparison normal form of a declaration (or closed proposition)."""
    prop = closed_statement(d) if isinstance(d, Declaration) else d
    return _alpha(_canon(prop), {}, [0])


def same_statement(a: Declaration | Expr, b: Declaration | Expr) -> bool:
    """``a`` and ``b`` state the same thing in the sense of this module's normal form."""
    return canonical_key(normal_form(a)) == canonical_key(normal_form(b))


def first_difference(a: Declaration | Expr, b: Declaration | Expr) -> str | None:
    """A short description of where the normal forms of ``a`` and ``b`` first differ."""
    na, nb = normal_form(a), normal_form(b)
    if canonical_key(na) == canonical_key(nb):
        return None
    stack = [(na, nb)]
    while stack:
        x, y = stack.pop()
        if canonical_key(x) == canonical_key(y):
            continue
        if type(x) is type(y):
            cx, cy = children(x), children(y)
            same_shape = len(cx) == len(cy) and canonical_key(_shallow(x)) == canonical_key(_shallow(y))
            if same_shape:
                stack.extend(reversed(list(zip(cx, cy, strict=True))))
                continue
        try:
            rx, ry = render_lean(x), render_lean(y)
        except Exception:  # a normal form need not be printable Lean
            return f"{canonical_key(x)[:160]}  vs  {canonical_key(y)[:160]}"
        if rx != ry:
            return f"{rx}  vs  {ry}"
        # the same text: the difference is in a type (a numeral's, a cast's) - show it
        sx, sy = getattr(x, "sort", None), getattr(y, "sort", None)
        if sx is not None and sy is not None and sx != sy:
            return f"{rx} : {render_sort(sx)}  vs  {ry} : {render_sort(sy)}"
        return f"{rx}  vs  {ry} (same text, different elaboration: {canonical_key(x)[:120]}  vs  {canonical_key(y)[:120]})"
    return "the normal forms differ"


def _shallow(e: Expr) -> Expr:
    """``e`` with its children replaced by a placeholder (compares the node alone)."""
    hole = Var("_")
    return map_children(e, lambda c: hole)
