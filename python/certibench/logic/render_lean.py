"""Lean 4 source for AST nodes and declarations.

``render_lean`` prints the fewest parentheses Lean's precedences allow (the same table as
the parser), binder types wherever they are known, and ascriptions/coercions as
``(e : T)`` — so that for every elaborated AST ``a`` (anything ``parse_*`` returns, or
:func:`certibench.logic.elaborate.elaborate` of a hand-built tree)
``parse(render_lean(a)) == a`` holds exactly, sorts included.
"""

from __future__ import annotations

import re
from contextvars import ContextVar

from certibench.logic.ast import (
    App,
    Ascribe,
    Binder,
    BinOp,
    BoolLit,
    Const,
    Declaration,
    Expr,
    Lam,
    Num,
    Quant,
    Sort,
    TypeE,
    UnOp,
    Var,
    free_vars,
)
from certibench.logic.deep import deep_call
from certibench.logic.pratt import INFIX
from certibench.logic.symbols import DOT_NAMESPACE, SORT_LEAN, is_schematic, lookup
from certibench.logic.tokens import KEYWORDS

__all__ = ["render_lean", "render_sort", "render_binder"]

MAX = 1024
APP = MAX - 1
_BINDER = APP - 1
#: Free variables of the tree being rendered: `(x : T)` on a free variable would *give* it
#: the sort T when re-parsed, so its coercions print as `(↑x : T)`.
_FREE: ContextVar[frozenset[str]] = ContextVar("_FREE", default=frozenset())
_CLOSED = 10**6  # a closed right end absorbs no following operator
_NO_FOLLOW = -1

_OP_PREC: dict[str, tuple[int, str]] = {}
for _tok, (_p, _assoc, _op) in INFIX.items():
    if _op not in _OP_PREC and _op not in ("/.", "∘", "<|", "×", "⊇", "⊃", "≡"):
        _OP_PREC[_op] = (_p, _assoc)

_IDENT_RE = re.compile(r"^[^\W\d][\w'!?₀-₉ₐ-ₜᵢ-ᵪⱼ]*$")

#: Binary functions printed as infix notation: name -> (token, precedence, associativity).
_INFIX_APPS: dict[str, tuple[str, int, str]] = {
    "HSMul.hSMul": ("•", 73, "right"),
    "Inf.inf": ("⊓", 69, "left"),
    "Sup.sup": ("⊔", 68, "left"),
}

_NOTATION_APPS = {
    "Int.floor": ("⌊", "⌋"),
    "Nat.floor": ("⌊", "⌋₊"),
    "Int.ceil": ("⌈", "⌉"),
    "Nat.ceil": ("⌈", "⌉₊"),
    "norm": ("‖", "‖"),
}


def _name(n: str | None) -> str:
    if n is None:
        return "_"
    parts = n.split(".")
    out = []
    for p in parts:
        if p in KEYWORDS or not (_IDENT_RE.match(p) or p in ("ℕ", "ℤ", "ℚ", "ℝ", "ℂ")):
            if p == "_":
                out.append(p)
            else:
                out.append(f"«{p}»")
        else:
            out.append(p)
    return ".".join(out)


# --------------------------------------------------------------------------------------
# Sorts
# --------------------------------------------------------------------------------------


def render_sort(s: Sort, prec: int = 0) -> str:
    """Lean text of a sort (``ℕ``, ``Set α``, ``ℕ → ℝ``, ``Type _``)."""
    if s.head in SORT_LEAN and not s.is_var and not s.args and not s.params:
        return SORT_LEAN[s.head]
    if s.head == "Type" and not s.is_var:
        return "Type _"
    if s.is_unknown:
        return "_"
    if s.is_fun:
        parts = [render_sort(a, 26) for a in s.args[:-1]] + [render_sort(s.args[-1], 25)]
        txt = " → ".join(parts)
        return f"({txt})" if prec > 25 else txt
    if s.head == "Prod" and len(s.args) == 2 and not s.params:
        txt = f"{render_sort(s.args[0], 36)} × {render_sort(s.args[1], 35)}"
        return f"({txt})" if prec > 35 else txt
    if not s.args and not s.params:
        return _name(s.head)
    items = [render_sort(a, MAX) for a in s.args] + [_render(p, MAX, _NO_FOLLOW) for p in s.params]
    txt = " ".join([_name(s.head), *items])
    return f"({txt})" if prec >= MAX else txt


# --------------------------------------------------------------------------------------
# Expressions
# --------------------------------------------------------------------------------------


def _prec(e: Expr) -> int:
    """Precedence of the rendered form of ``e`` (as a leading term)."""
    if isinstance(e, BinOp) and e.op == "::" and _list_literal(e) is not None:
        return MAX
    if isinstance(e, BinOp):
        return _OP_PREC.get(e.op, (50, "none"))[0]
    if isinstance(e, UnOp):
        if e.op == "-":
            return 75
        return MAX
    if isinstance(e, Quant | Lam):
        return _BINDER  # a leading form: fine anywhere but as an argument; `_open` guards its tail
    if isinstance(e, App):
        form = _app_form(e)
        if form == "bigop":
            return 67
        if form == "infix":
            return _INFIX_APPS[e.fn.name][1]  # type: ignore[union-attr]
        if form == "ite":
            return _BINDER
        if form == "modeq":
            return 50
        if form in ("setOf", "setlit", "notation", "dotnoargs", "tuple"):
            return MAX
        return APP
    return MAX


def _open(e: Expr) -> int:
    """Lowest infix precedence the rendered form's right end would absorb (_CLOSED: none)."""
    if isinstance(e, Quant | Lam):
        return 0
    if isinstance(e, UnOp):
        if e.op == "¬":
            return min(40, _open(e.arg))
        if e.op == "-":
            return min(75, _open(e.arg))
        return _CLOSED
    if isinstance(e, BinOp):
        if e.op == "::" and _list_literal(e) is not None:
            return _CLOSED
        return _open(e.rhs)
    if isinstance(e, App):
        form = _app_form(e)
        if form == "ite":
            return 0
        if form == "bigop":
            return 67
        if form == "infix":
            return _open(e.args[1])
        if form in ("plain", "dot") and e.args:
            return _open(e.args[-1]) if isinstance(e.args[-1], Lam) else _CLOSED
        return _CLOSED
    return _CLOSED


def _app_form(e: App) -> str:
    fn = e.fn
    if isinstance(fn, Const):
        n = fn.name
        if n in ("Finset.sum", "Finset.prod") and len(e.args) == 2 and isinstance(e.args[1], Lam):
            return "bigop"
        if n == "ite" and len(e.args) == 3:
            return "ite"
        if n in ("Nat.ModEq", "Int.ModEq") and len(e.args) == 3:
            return "modeq"
        if n == "setOf" and len(e.args) == 1 and isinstance(e.args[0], Lam) and e.args[0].binder.name:
            return "setOf"
        if n in ("Insert.insert", "Singleton.singleton") and _set_literal(e) is not None:
            return "setlit"
        if n in _NOTATION_APPS and len(e.args) == 1:
            return "notation"
        if n == "Prod.mk" and len(e.args) == 2:
            return "tuple"
        if n in _INFIX_APPS and len(e.args) == 2:
            return "infix"
        if e.dot and _dot_ok(e):
            return "dotnoargs" if len(e.args) == 1 else "dot"
    return "plain"


def _set_literal(e: Expr) -> list[Expr] | None:
    elems: list[Expr] = []
    cur = e
    while isinstance(cur, App) and isinstance(cur.fn, Const) and cur.fn.name == "Insert.insert" and len(cur.args) == 2:
        elems.append(cur.args[0])
        cur = cur.args[1]
    if isinstance(cur, App) and isinstance(cur.fn, Const) and cur.fn.name == "Singleton.singleton" and len(cur.args) == 1:
        elems.append(cur.args[0])
        return elems
    return None


def _dot_ok(e: App) -> bool:
    """Can ``Ns.f recv rest…`` be printed as ``recv.f rest…`` and parse back identically?"""
    fn = e.fn
    assert isinstance(fn, Const)
    if fn.name.startswith("?."):
        return True
    recv = e.args[0]
    ns = DOT_NAMESPACE.get(recv.sort.head) if not recv.sort.is_var else None
    if recv.sort.is_fun:
        ns = "Function"
    if ns is None or not fn.name.startswith(ns + ".") or "." in fn.name[len(ns) + 1 :]:
        return False
    if isinstance(recv, Var) and "." in recv.name:
        return False
    sym = lookup(fn.name)
    if sym is not None and sym.arg_sorts:
        # the receiver goes to the first explicit argument of its type: must be position 0
        for i, p in enumerate(sym.arg_sorts):
            if recv.sort.head == p.head or (p.head == "Fun" and recv.sort.is_fun):
                return i == 0
        return False
    return True


def _sort_known(s: Sort | None) -> bool:
    """Binder sorts are printed only when fully known (an unknown part stays inferred)."""
    if s is None or s.is_unknown:
        return False
    return all(_sort_known(a) for a in s.args)


def _paren(txt: str) -> str:
    return f"({txt})"


def _render(e: Expr, ctx: int, follow: int) -> str:
    """Render ``e`` where the context requires precedence ``ctx`` and an infix/application
    of precedence ``follow`` comes right after it (``-1``: nothing follows)."""
    txt = _render_inner(e, follow_hint=follow if _prec(e) >= ctx and not (follow >= 0 and _open(e) <= follow) else _NO_FOLLOW)
    if _prec(e) < ctx or (follow >= 0 and _open(e) <= follow):
        return _paren(txt)
    return txt


def _render_inner(e: Expr, follow_hint: int) -> str:
    f = follow_hint
    if isinstance(e, Var):
        return _name(e.name)
    if isinstance(e, Const):
        if e.name in ("∅", "⊤", "⊥"):
            return e.name
        if e.name == "List.nil":
            return "[]"
        if e.name.startswith("?."):
            return _name(e.name[2:])
        return _name(e.name)
    if isinstance(e, Num):
        return e.value
    if isinstance(e, BoolLit):
        return "True" if e.value else "False"
    if isinstance(e, TypeE):
        return render_sort(e.value, MAX)
    if isinstance(e, Ascribe):
        return f"({_render(e.expr, 0, _NO_FOLLOW)} : {render_sort(e.sort)})"
    if isinstance(e, UnOp):
        return _render_unop(e, f)
    if isinstance(e, BinOp):
        return _render_binop(e, f)
    if isinstance(e, Quant):
        return _render_quant(e, f)
    if isinstance(e, Lam):
        return _render_lam(e, f)
    if isinstance(e, App):
        return _render_app(e, f)
    raise TypeError(f"not an expression: {e!r}")


def _render_unop(e: UnOp, f: int) -> str:
    op = e.op
    if op == "¬":
        return "¬" + _render(e.arg, 40, f)
    if op == "-":
        inner = _render(e.arg, 75, f)
        if inner.startswith("-"):
            inner = _paren(inner)
        return "-" + inner
    if op == "abs":
        inner = _render(e.arg, 0, _NO_FOLLOW)
        if inner.startswith("|") or inner.endswith("|"):
            inner = _paren(inner)
        return f"|{inner}|"
    if op == "!":
        inner = _render(e.arg, MAX, 10000)
        return inner + ("!" if inner.endswith(")") else " !")
    if op in ("⁻¹", "ᶜ"):
        return _render(e.arg, MAX, 10000) + op
    if op == "↑":
        t = e.sort
        if t.is_unknown:
            return "↑" + _render(e.arg, MAX, f)
        a = e.arg
        if isinstance(a, Var) and not a.sort.is_unknown and a.sort != t and a.name not in _FREE.get():
            # `(x : T)` on a variable of another sort elaborates to exactly this coercion
            return f"({_render(a, 0, _NO_FOLLOW)} : {render_sort(t)})"
        return f"(↑{_render(a, MAX, _NO_FOLLOW)} : {render_sort(t)})"
    raise ValueError(f"unknown unary operator {op!r}")


def _is_tree(e: Expr) -> bool:
    return (isinstance(e, BinOp) and e.op in ("+", "-", "*", "/", "%", "^")) or (isinstance(e, UnOp) and e.op == "-")


def _list_literal(e: Expr) -> list[Expr] | None:
    elems: list[Expr] = []
    cur = e
    while isinstance(cur, BinOp) and cur.op == "::":
        elems.append(cur.lhs)
        cur = cur.rhs
    if elems and isinstance(cur, Const) and cur.name == "List.nil":
        return elems
    return None


def _render_binop(e: BinOp, f: int) -> str:
    if e.op == "::":
        elems = _list_literal(e)
        if elems is not None:
            return "[" + ", ".join(_render(x, 0, _NO_FOLLOW) for x in elems) + "]"
    p, assoc = _OP_PREC.get(e.op, (50, "none"))
    lp = p + 1 if assoc in ("right", "none") else p
    rp = p if assoc == "right" else p + 1
    lhs = _render(e.lhs, lp, p)
    rhs = _render(e.rhs, rp, f)
    return f"{lhs} {e.op} {rhs}"


def render_binder(b: Binder, names: list[str] | None = None) -> str:
    """``(x y : T)`` / ``{x : T}`` / ``⦃x : T⦄`` / ``[inst : C α]`` / ``(h : P)``."""
    ns = " ".join(_name(n) for n in (names or [b.name]))
    if b.kind == "inst":
        cls = render_sort(b.sort) if b.sort is not None else "_"
        return f"[{ns} : {cls}]" if b.name else f"[{cls}]"
    o, c = {"explicit": ("(", ")"), "implicit": ("{", "}"), "strict": ("⦃", "⦄")}[b.kind]
    if b.hyp is not None:
        return f"{o}{ns} : {_render(b.hyp, 0, _NO_FOLLOW)}{c}"
    if not _sort_known(b.sort):
        return f"{o}{ns}{c}"
    return f"{o}{ns} : {render_sort(b.sort)}{c}"


def _group(binders: list[Binder]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(binders):
        b = binders[i]
        names = [b.name or "_"]
        j = i + 1
        if b.kind != "inst" and b.hyp is None:
            while (
                j < len(binders)
                and binders[j].kind == b.kind
                and binders[j].sort == b.sort
                and binders[j].hyp is None
                and binders[j].name
            ):
                names.append(binders[j].name or "_")
                j += 1
        out.append(render_binder(b, names))
        i = j
    return out


def _render_quant(e: Quant, f: int) -> str:
    q = e.q
    chain: list[Binder] = [e.binder]
    body: Expr = e.body
    if q != "∃!":
        while isinstance(body, Quant) and body.q == q:
            chain.append(body.binder)
            body = body.body
    simple = all(b.kind == "explicit" and b.hyp is None for b in chain)
    if simple and all(b.sort == chain[0].sort for b in chain):
        s = chain[0].sort
        names = " ".join(_name(b.name) for b in chain)
        if not _sort_known(s):
            head = f"{q} {names}"
        else:
            head = f"{q} {names} : {render_sort(s)}"
    elif q == "∀":
        parts = _group(chain)
        head = f"{q} " + " ".join(parts)
    else:
        # ∃ / ∃! with differing sorts: nest one sort-group at a time
        first = chain[0]
        rest_chain = chain[1:]
        k = 1
        while rest_chain and rest_chain[0].sort == first.sort and rest_chain[0].kind == "explicit":
            rest_chain = rest_chain[1:]
            k += 1
        inner: Expr = body
        for b in reversed(rest_chain):
            inner = Quant(q, b, inner, e.sort)
        names = " ".join(_name(b.name) for b in chain[:k])
        s = first.sort
        head = f"{q} {names}" if not _sort_known(s) else f"{q} {names} : {render_sort(s)}"
        return f"{head}, {_render(inner, 0, f)}"
    return f"{head}, {_render(body, 0, f)}"


def _lam_binder(b: Binder) -> str:
    if not _sort_known(b.sort):
        return _name(b.name)
    return f"({_name(b.name)} : {render_sort(b.sort)})"


def _render_lam(e: Lam, f: int) -> str:
    binders = [e.binder]
    body: Expr = e.body
    while isinstance(body, Lam):
        binders.append(body.binder)
        body = body.body
    return "fun " + " ".join(_lam_binder(b) for b in binders) + " => " + _render(body, 0, f)


def _self_typed(s: Expr) -> bool:
    """Does ``s`` determine its own sort without help from the context?"""
    if isinstance(s, Var):
        return not s.sort.is_unknown
    if isinstance(s, App) and isinstance(s.fn, Const):
        sym = lookup(s.fn.name)
        if sym is None:
            return False
        if not _has_schematic(sym.result_sort):
            return True
        return all(_self_typed(a) for a in s.args)
    if isinstance(s, BinOp) and s.op in ("∩", "∪", "\\"):
        return _self_typed(s.lhs) and _self_typed(s.rhs)
    if isinstance(s, Ascribe):
        return True
    return False


def _has_schematic(s: Sort) -> bool:
    return is_schematic(s) or any(_has_schematic(a) for a in s.args)


def _render_app(e: App, f: int) -> str:
    form = _app_form(e)
    fn = e.fn
    if form == "bigop":
        assert isinstance(fn, Const)
        s, lam = e.args
        assert isinstance(lam, Lam)
        sym = "∑" if fn.name == "Finset.sum" else "∏"
        b = lam.binder
        typed = _sort_known(b.sort)
        body = _render(lam.body, 67, f)
        if isinstance(s, Const) and s.name == "Finset.univ" and typed:
            return f"{sym} {_name(b.name)} : {render_sort(b.sort)}, {body}"  # type: ignore[arg-type]
        if isinstance(s, Const) and s.name == "Finset.univ" and not typed:
            return f"{sym} {_name(b.name)}, {body}"
        st = _render(s, 0, _NO_FOLLOW)
        if typed and not _self_typed(s):
            return f"{sym} {_name(b.name)} : {render_sort(b.sort)} in {st}, {body}"  # type: ignore[arg-type]
        return f"{sym} {_name(b.name)} ∈ {st}, {body}"
    if form == "ite":
        c, a, b2 = e.args
        return f"if {_render(c, 0, _NO_FOLLOW)} then {_render(a, 0, _NO_FOLLOW)} else {_render(b2, 0, f)}"
    if form == "modeq":
        assert isinstance(fn, Const)
        n, a, b2 = e.args
        tag = "MOD" if fn.name == "Nat.ModEq" else "ZMOD"
        return f"{_render(a, 51, 50)} ≡ {_render(b2, 51, _NO_FOLLOW)} [{tag} {_render(n, 0, _NO_FOLLOW)}]"
    if form == "setOf":
        lam = e.args[0]
        assert isinstance(lam, Lam)
        b = lam.binder
        head = _name(b.name) if not _sort_known(b.sort) else f"{_name(b.name)} : {render_sort(b.sort)}"
        return f"{{{head} | {_render(lam.body, 0, _NO_FOLLOW)}}}"
    if form == "setlit":
        elems = _set_literal(e)
        assert elems is not None
        return "{" + ", ".join(_render(x, 0, _NO_FOLLOW) for x in elems) + "}"
    if form == "infix":
        assert isinstance(fn, Const)
        tok, p, assoc = _INFIX_APPS[fn.name]
        lp = p + 1 if assoc == "right" else p
        rp = p if assoc == "right" else p + 1
        return f"{_render(e.args[0], lp, p)} {tok} {_render(e.args[1], rp, f)}"
    if form == "tuple":
        items = [e.args[0]]
        cur = e.args[1]
        while isinstance(cur, App) and isinstance(cur.fn, Const) and cur.fn.name == "Prod.mk" and len(cur.args) == 2:
            items.append(cur.args[0])
            cur = cur.args[1]
        items.append(cur)
        return "(" + ", ".join(_render(x, 0, _NO_FOLLOW) for x in items) + ")"
    if form == "notation":
        assert isinstance(fn, Const)
        o, c = _NOTATION_APPS[fn.name]
        return f"{o}{_render(e.args[0], 0, _NO_FOLLOW)}{c}"
    if form in ("dot", "dotnoargs"):
        assert isinstance(fn, Const)
        recv = e.args[0]
        field = fn.name[2:] if fn.name.startswith("?.") else fn.name.rsplit(".", 1)[1]
        rtxt = _render(recv, MAX, 10000)
        if not (isinstance(recv, Var) and "." not in recv.name) and not rtxt.startswith("("):
            rtxt = _paren(rtxt)
        head = f"{rtxt}.{field if field.isdigit() else _name(field)}"
        rest = e.args[1:]
        if not rest:
            return head
        return _join_args(head, rest, f)
    # plain application
    if isinstance(fn, Const | Var):
        head = _name(fn.name[2:] if isinstance(fn, Const) and fn.name.startswith("?.") else fn.name)
        if isinstance(fn, Const) and fn.name in ("∅", "⊤", "⊥"):
            head = f"({fn.name})"
    else:
        head = _render(fn, MAX, MAX)
    return _join_args(head, e.args, f)


def _join_args(head: str, args: tuple[Expr, ...], f: int) -> str:
    parts = [head]
    for i, a in enumerate(args):
        last = i == len(args) - 1
        if isinstance(a, Lam):
            parts.append(_paren(_render(a, 0, _NO_FOLLOW)))
            continue
        parts.append(_render(a, MAX, MAX if not last else max(f, MAX) if f >= 0 else MAX))
    return " ".join(parts)


# --------------------------------------------------------------------------------------
# Public entry point
# --------------------------------------------------------------------------------------


def render_lean(x: Expr | Declaration) -> str:
    """Lean 4 text of an expression or a declaration header (``theorem n binders : P``;
    the proof is not part of the output).  Runs under :func:`deep_call` (deep input is fine)."""
    return deep_call(_render_lean, x)


def _render_lean(x: Expr | Declaration) -> str:
    free = {v.name for v in free_vars(x.as_prop() if isinstance(x, Declaration) else x)}
    token = _FREE.set(frozenset(free))
    try:
        return _render_top(x)
    finally:
        _FREE.reset(token)


def _render_top(x: Expr | Declaration) -> str:
    if True:
        if isinstance(x, Declaration):
            prop = _render(x.prop, 0, _NO_FOLLOW)
            if x.kind is None:
                if x.binders:
                    # no header keyword to hang binders on: print the closed proposition
                    return _render(x.as_prop(), 0, _NO_FOLLOW)
                return prop
            parts = [x.kind]
            if x.name is not None and x.kind != "example":
                parts.append(_name(x.name))
            parts.extend(_group(list(x.binders)))
            return " ".join(parts) + " : " + prop
        return _render(x, 0, _NO_FOLLOW)
