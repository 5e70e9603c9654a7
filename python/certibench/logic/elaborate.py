"""Sort inference ("elaboration") for parsed Lean statements.

The parser's raw tree has unresolved identifiers and unknown sorts; elaboration

* resolves identifiers: bound variables → ``Var``; known Mathlib symbols
  (:mod:`certibench.logic.symbols`) → ``Const`` with an instantiated sort; dot notation
  ``p.Prime`` with ``p : ℕ`` → ``App(Const("Nat.Prime", ℕ → Prop), (p,), dot=True)``;
  unknown names → uninterpreted ``Const`` (or free ``Var`` for a lower-case name that is not
  applied) whose arity and sort are inferred from use;
* gives every node its ``sort`` the way Lean's ``binop%`` elaborator does: the leaves of an
  arithmetic tree (``+ - * / %``, unary ``-``, the base of ``^``) and of a relation are
  elaborated first, the *maximal* sort among them (ℕ < ℤ < ℚ < ℝ < ℂ, or the type variable /
  other type present; the expected sort counts too) becomes the sort of the tree, numerals
  take it, and leaves of a smaller numeric sort get a coercion ``UnOp("↑", leaf, sort)``;
  numerals with no other information default to ℕ; exponents are elaborated separately;
* infers the sorts of binders written without a type (``∀ x > 0, f x = 1`` with
  ``f : ℝ → ℝ`` gives ``x : ℝ``) by re-running to a fixpoint (a binder constrained only by
  numerals defaults to ℕ, as in Lean).

Elaboration is a deterministic function of the raw tree, so ``render_lean`` only has to
reproduce the raw tree (plus binder types) for ``parse(render_lean(ast)) == ast``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from certibench.logic.ast import (
    NAT,
    OPS_LOGIC,
    OPS_REL,
    PROP,
    TYPE,
    UNKNOWN,
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
    UnOp,
    Var,
    fun_sort,
    set_of,
)
from certibench.logic.errors import ParseError, caret_excerpt
from certibench.logic.parser import RawField, RawHole, RawType
from certibench.logic.symbols import (
    DOT_NAMESPACE,
    NUMERIC_RANK,
    SYMBOLS,
    Symbol,
    is_schematic,
    lookup,
)

__all__ = ["elaborate_declaration", "elaborate_expr", "ARITH_TREE_OPS", "join_sorts"]

ARITH_TREE_OPS = frozenset({"+", "-", "*", "/", "%"})
SET_OPS = frozenset({"∩", "∪", "\\"})
TREE_RELS = frozenset({"=", "≠", "<", "≤", ">", "≥", "∣"})
MAX_PASSES = 6


def known(s: Sort | None) -> bool:
    return s is not None and not s.is_unknown and not _has_unknown(s)


def _has_unknown(s: Sort) -> bool:
    if s.is_unknown:
        return True
    return any(_has_unknown(a) for a in s.args)


def join_sorts(a: Sort | None, b: Sort | None) -> Sort | None:
    """The larger of two sorts in the numeric tower (non-numeric known sorts win)."""
    if a is None or a.is_unknown:
        return b if b is not None and not b.is_unknown else a
    if b is None or b.is_unknown:
        return a
    if _has_unknown(a) and not _has_unknown(b):
        return b
    if _has_unknown(b) and not _has_unknown(a):
        return a
    if a.is_numeric and b.is_numeric:
        return a if NUMERIC_RANK[a.head] >= NUMERIC_RANK[b.head] else b
    if not a.is_numeric:
        return a
    return b


# --------------------------------------------------------------------------------------
# Unification of schematic signatures
# --------------------------------------------------------------------------------------


def _unify(pat: Sort, actual: Sort | None, sub: dict[str, Sort]) -> None:
    if actual is None or actual.is_unknown:
        return
    if is_schematic(pat):
        cur = sub.get(pat.head)
        if cur is None or cur.is_unknown:
            sub[pat.head] = actual
        elif cur.is_numeric and actual.is_numeric:
            sub[pat.head] = join_sorts(cur, actual) or cur
        elif _has_unknown(cur):
            sub[pat.head] = actual
        return
    if pat.head == actual.head and len(pat.args) == len(actual.args):
        for p, a in zip(pat.args, actual.args, strict=True):
            _unify(p, a, sub)


def _inst(pat: Sort, sub: Mapping[str, Sort]) -> Sort:
    if is_schematic(pat):
        return sub.get(pat.head, UNKNOWN)
    if not pat.args:
        return pat
    return Sort(pat.head, tuple(_inst(a, sub) for a in pat.args), pat.is_var, pat.params)


def _fun_parts(s: Sort) -> tuple[tuple[Sort, ...], Sort]:
    if s.is_fun:
        return s.args[:-1], s.args[-1]
    return (), s


# --------------------------------------------------------------------------------------
# Scopes
# --------------------------------------------------------------------------------------


@dataclass
class _Entry:
    name: str
    sort: Sort | None  # None: inferred through the flex cell
    key: object = None
    is_type: bool = False


@dataclass
class _State:
    text: str
    env: dict[str, Sort]
    flex: dict[object, Sort] = field(default_factory=dict)  # inferred binder / free sorts
    pending_default: set[object] = field(default_factory=set)
    consts: dict[str, Sort] = field(default_factory=dict)  # inferred sorts of unknown consts
    changed: bool = False


class _Elab:
    def __init__(self, st: _State) -> None:
        self.st = st
        self.scope: list[_Entry] = []

    # -- scope -----------------------------------------------------------------------------
    def find(self, name: str) -> _Entry | None:
        for e in reversed(self.scope):
            if e.name == name:
                return e
        return None

    def entry_sort(self, e: _Entry) -> Sort:
        if e.sort is not None:
            return e.sort
        return self.st.flex.get(e.key, UNKNOWN)

    def assign(self, key: object, s: Sort) -> None:
        if s is None or s.is_unknown or s.is_prop and False:
            return
        cur = self.st.flex.get(key)
        new = s if cur is None else _merge(cur, s)
        if new != cur:
            self.st.flex[key] = new
            self.st.changed = True

    def err(self, msg: str, construct: str | None = None) -> ParseError:
        return ParseError(msg, 1, 1, caret_excerpt(self.st.text, 1, 1) if self.st.text else "", construct)

    # -- sorts -------------------------------------------------------------------------------
    def elab_sort(self, s: Sort) -> Sort:
        if not s.args and not s.params:
            if s.is_var:
                return s
            return s
        args = tuple(self.elab_sort(a) for a in s.args)
        params = tuple(self.default_nums(self.synth(p, None)) for p in s.params)
        return Sort(s.head, args, s.is_var, params)

    # -- entry points ------------------------------------------------------------------------
    def elab(self, e: Expr, expected: Sort | None) -> Expr:
        return self.fill(self.synth(e, expected), expected)

    def elab_prop(self, e: Expr) -> Expr:
        out = self.elab(e, PROP)
        s = out.sort
        if s.is_numeric or s.head in ("Set", "Finset", "List"):
            # `a → b`, `a ∧ b` … between numbers or sets is ill-typed in Lean
            raise self.err(f"expected a proposition, got a term of type {s.head}", "non-proposition under a connective")
        return out

    # -- synthesis -----------------------------------------------------------------------------
    def synth(self, e: object, expected: Sort | None) -> Expr:
        if isinstance(e, Num):
            return Num(e.value, UNKNOWN)
        if isinstance(e, BoolLit):
            return BoolLit(e.value, PROP)
        if isinstance(e, Var):
            return self.synth_ident(e.name, expected)
        if isinstance(e, Const):
            return Const(e.name, e.sort)
        if isinstance(e, RawType):
            raise self.err("a universe (Type/Sort) cannot be used as a term here", "type used as a term")
        if isinstance(e, RawHole):
            raise self.err("a placeholder `_` cannot be used as a term in a statement", "placeholder _")
        if isinstance(e, RawField):
            return self.synth_app(e, (), expected)
        if isinstance(e, App):
            return self.synth_app(e.fn, e.args, expected, dot=e.dot)
        if isinstance(e, BinOp):
            return self.synth_binop(e, expected)
        if isinstance(e, UnOp):
            return self.synth_unop(e, expected)
        if isinstance(e, Ascribe):
            return self.synth_ascribe(e)
        if isinstance(e, Quant):
            return self.synth_quant(e)
        if isinstance(e, Lam):
            hint = expected.args[0] if expected is not None and expected.is_fun else None
            return self.synth_lam(e, hint)
        raise self.err(f"cannot elaborate node {type(e).__name__}")

    def synth_ident(self, name: str, expected: Sort | None) -> Expr:
        ent = self.find(name)
        if ent is not None:
            if ent.is_type:
                return Var(name, TYPE)
            return Var(name, self.entry_sort(ent))
        if name in self.st.env:
            return Var(name, self.st.env[name])
        if "." in name:
            first, rest = name.split(".", 1)
            if self.find(first) is not None or first in self.st.env:
                return self.synth_app(_dotted(first, rest), (), expected)
        if name in ("∅", "⊤", "⊥"):
            return Const(name, UNKNOWN)
        sym = lookup(name)
        if sym is not None:
            return self.const_of(sym, expected)
        if name.endswith("!") and len(name) > 1:
            stem = name.rstrip("!")
            if self.find(stem) is not None or stem in self.st.env:
                return UnOp("!", self.fill(self.synth_ident(stem, NAT), NAT), NAT)
        if _is_free_var_name(name):
            key = ("free", name)
            s = self.st.flex.get(key, UNKNOWN)
            return Var(name, s)
        return Const(name, self.st.consts.get(name, UNKNOWN))

    def const_of(self, sym: Symbol, expected: Sort | None) -> Const:
        sub: dict[str, Sort] = {}
        if expected is not None:
            _unify(sym.sort, expected, sub)
        return Const(sym.name, _inst(sym.sort, sub))

    # -- applications --------------------------------------------------------------------------
    def synth_app(self, fn: object, args: tuple[Expr, ...], expected: Sort | None, dot: bool = False) -> Expr:
        # flatten the spine
        while isinstance(fn, App):
            args = fn.args + args
            dot = dot or fn.dot
            fn = fn.fn
        receiver: Expr | None = None
        head: Expr
        sym: Symbol | None = None
        if isinstance(fn, RawField):
            receiver = self.synth(fn.expr, None)
            receiver = self.default_nums(receiver)
            head, sym = self.resolve_field(receiver, fn.name)
            dot = True
        elif isinstance(fn, Var):
            h = self.synth_ident(fn.name, None) if not self._is_unbound_plain(fn.name) else None
            if h is None:
                # an unknown applied name: an uninterpreted function symbol
                head = Const(fn.name, self.st.consts.get(fn.name, UNKNOWN))
            elif isinstance(h, App) and h.dot:
                # dotted identifier on a bound variable: `p.Prime` (possibly applied)
                receiver = h.args[0]
                head = h.fn
                sym = lookup(head.name) if isinstance(head, Const) else None
                dot = True
                if not args:
                    return self.finish_app(head, sym, (receiver,), 0, expected, dot)
                return self.finish_app(head, sym, (receiver,) + tuple(args), 0, expected, dot, pre=(receiver,))
            else:
                head = h
                if isinstance(h, Const):
                    sym = lookup(h.name)
        elif isinstance(fn, Lam):
            raise self.err("applying a lambda directly (a β-redex) is not supported", "β-redex (fun x => …) a")
        else:
            head = self.synth(fn, None)
        if receiver is not None:
            # insert the receiver as the first explicit argument of its type
            pos = 0
            if sym is not None:
                params, _ = _fun_parts(sym.sort)
                for i, p in enumerate(params):
                    if receiver.sort.head == p.head or (p.head == "Fun" and receiver.sort.is_fun):
                        pos = i
                        break
            pre_args = tuple(args[:pos])
            full = pre_args + (receiver,) + tuple(args[pos:])
            return self.finish_app(head, sym, full, 0, expected, dot, pre=(receiver,))
        return self.finish_app(head, sym, tuple(args), 0, expected, dot)

    def _is_unbound_plain(self, name: str) -> bool:
        if self.find(name) is not None or name in self.st.env:
            return False
        if "." in name:
            first = name.split(".", 1)[0]
            if self.find(first) is not None or first in self.st.env:
                return False
        if name in ("∅", "⊤", "⊥") or lookup(name) is not None:
            return False
        return True

    def resolve_field(self, receiver: Expr, field_name: str) -> tuple[Const, Symbol | None]:
        s = receiver.sort
        ns = DOT_NAMESPACE.get(s.head) if not s.is_var else None
        if s.head == "Fun":
            ns = "Function"
        if ns is None:
            return Const("?." + field_name, UNKNOWN), None
        full = f"{ns}.{field_name}"
        sym = lookup(full)
        if sym is not None:
            return Const(sym.name, sym.sort), sym
        return Const(full, self.st.consts.get(full, UNKNOWN)), None

    def finish_app(
        self,
        head: Expr,
        sym: Symbol | None,
        args: tuple[object, ...],
        _unused: int,
        expected: Sort | None,
        dot: bool,
        pre: tuple[Expr, ...] = (),
    ) -> Expr:
        """Elaborate ``head args`` where ``pre`` holds already-elaborated arguments."""
        if sym is not None:
            sig = sym.sort
        elif isinstance(head, Const):
            sig = UNKNOWN  # an uninterpreted symbol: its sort is inferred below
        else:
            sig = head.sort
        params, result = _fun_parts(sig) if known_fun(sig) else ((), UNKNOWN)
        sub: dict[str, Sort] = {}
        n = len(args)
        if params and n <= len(params):
            rest_params = params[n:]
            res_pat = fun_sort(rest_params, result) if rest_params else result
            if expected is not None and not expected.is_unknown:
                _unify(res_pat, expected, sub)
        out: list[Expr | None] = [None] * n
        # first the non-lambda arguments
        for i, a in enumerate(args):
            if isinstance(a, Lam):
                continue
            if i < len(pre) and a is pre[i]:
                el = a  # already elaborated receiver
            else:
                p = _inst(params[i], sub) if i < len(params) else None
                want = p if p is not None and known(p) else None
                el = self.synth(a, want)  # type: ignore[arg-type]
            if i < len(params):
                _unify(params[i], el.sort, sub)
            out[i] = el
        for i, a in enumerate(args):
            if not isinstance(a, Lam):
                continue
            p = _inst(params[i], sub) if i < len(params) else UNKNOWN
            hint = p.args[0] if p.is_fun and len(p.args) >= 2 else None
            el = self.synth_lam(a, hint if hint is not None and not hint.is_unknown else None)
            if i < len(params):
                _unify(params[i], el.sort, sub)
            out[i] = el
        # fill with the instantiated parameter sorts
        final: list[Expr] = []
        for i, el in enumerate(out):
            assert el is not None
            if i < len(params):
                p = _inst(params[i], sub)
                if known(p):
                    el = self.fill(el, p)
                elif isinstance(el, Num) or el.sort.is_unknown:
                    pass
            final.append(el)
        if isinstance(head, Const) and head.name == "HSMul.hSMul" and final:
            final[0] = self.default_nums(final[0])
            _unify(params[0], final[0].sort, sub)
        arg_sorts = tuple(x.sort for x in final)
        if params:
            res = _inst(fun_sort(params[n:], result) if n < len(params) else result, sub)
            if n > len(params):
                res = UNKNOWN
            new_head = head
            if isinstance(head, Const):
                new_head = Const(head.name, _inst(sig, sub))
            return App(new_head, tuple(final), res, dot)
        # unknown function symbol: infer its sort from use
        res = expected if expected is not None and not expected.is_unknown else UNKNOWN
        if isinstance(head, Const):
            rec = self.st.consts.get(head.name)
            if rec is not None and rec.is_fun and len(rec.args) - 1 == n:
                rec_params, rec_res = _fun_parts(rec)
                final = [self.fill(x, p) if known(p) else x for x, p in zip(final, rec_params, strict=True)]
                if res.is_unknown:
                    res = rec_res
            final = [self.default_nums(x) for x in final]
            arg_sorts = tuple(x.sort for x in final)
            full_sort = fun_sort(arg_sorts, res) if n else res
            self.record_const(head.name, full_sort)
            return App(Const(head.name, full_sort), tuple(final), res, dot)
        if isinstance(head, Var) and head.sort.is_unknown:
            final = [self.default_nums(x) for x in final]
            arg_sorts = tuple(x.sort for x in final)
            full_sort = fun_sort(arg_sorts, res)
            key = self._var_key(head.name)
            if key is not None:
                self.assign(key, full_sort)
            return App(Var(head.name, full_sort), tuple(final), res, dot)
        return App(head, tuple(final), res, dot)

    def _var_key(self, name: str) -> object | None:
        ent = self.find(name)
        if ent is not None:
            return ent.key if ent.sort is None else None
        if name in self.st.env:
            return None
        return ("free", name)

    def record_const(self, name: str, s: Sort) -> None:
        cur = self.st.consts.get(name)
        new = s if cur is None else _merge(cur, s)
        if new != cur:
            self.st.consts[name] = new
            self.st.changed = True

    # -- operators ---------------------------------------------------------------------------------
    def synth_binop(self, e: BinOp, expected: Sort | None) -> Expr:
        op = e.op
        if op in OPS_LOGIC:
            return BinOp(op, self.elab_prop(e.lhs), self.elab_prop(e.rhs), PROP)
        if op in TREE_RELS:
            leaves: list[Expr] = []
            shape_l = self.collect_tree(e.lhs, leaves)
            shape_r = self.collect_tree(e.rhs, leaves)
            target = self.tree_sort(leaves, None)
            lhs = self.rebuild(shape_l, leaves, target)
            rhs = self.rebuild(shape_r, leaves, target)
            return BinOp(op, lhs, rhs, PROP)
        if op in ARITH_TREE_OPS or op == "^":
            leaves = []
            shape = self.collect_tree(e, leaves)
            target = self.tree_sort(leaves, expected)
            return self.rebuild(shape, leaves, target)
        if op in ("∈", "∉"):
            rhs = self.synth(e.rhs, None)
            elem = rhs.sort.args[0] if rhs.sort.head in ("Set", "Finset", "List", "Multiset") and rhs.sort.args else None
            lhs = self.synth(e.lhs, elem)
            if elem is not None and not elem.is_unknown:
                lhs = self.fill(lhs, elem)
            else:
                lhs = self.default_nums(lhs)
                if not lhs.sort.is_unknown:
                    rhs = self.fill(rhs, set_of(lhs.sort))
            return BinOp(op, lhs, rhs, PROP)
        if op in ("⊆", "⊂"):
            lhs = self.synth(e.lhs, None)
            rhs = self.synth(e.rhs, None)
            s = lhs.sort if not lhs.sort.is_unknown else rhs.sort
            return BinOp(op, self.fill(lhs, s), self.fill(rhs, s), PROP)
        if op in SET_OPS:
            lhs = self.synth(e.lhs, expected)
            rhs = self.synth(e.rhs, expected)
            s = lhs.sort if known(lhs.sort) else rhs.sort if known(rhs.sort) else expected
            if s is None:
                s = UNKNOWN
            return BinOp(op, self.fill(lhs, s), self.fill(rhs, s), s)
        if op == "::":
            rhs = self.synth(e.rhs, expected)
            elem = rhs.sort.args[0] if rhs.sort.head == "List" and rhs.sort.args else None
            lhs = self.synth(e.lhs, elem)
            if elem is not None and known(elem):
                lhs = self.fill(lhs, elem)
            else:
                lhs = self.default_nums(lhs)
            ls = Sort("List", (lhs.sort,)) if not known(rhs.sort) else rhs.sort
            rhs = self.fill(rhs, ls)
            return BinOp(op, lhs, rhs, ls)
        if op == "++":
            lhs = self.synth(e.lhs, expected)
            rhs = self.synth(e.rhs, expected)
            s = lhs.sort if known(lhs.sort) else rhs.sort if known(rhs.sort) else (expected or UNKNOWN)
            return BinOp(op, self.fill(lhs, s), self.fill(rhs, s), s)
        if op == "×":
            raise self.err("a product type cannot be used as a term", "product type × as a term")
        raise self.err(f"unsupported operator {op!r}", f"operator {op}")

    def collect_tree(self, e: Expr, leaves: list[Expr]) -> object:
        """Flatten a binop% tree: returns a shape with leaf indices; leaves are synthesized."""
        if isinstance(e, BinOp) and e.op in ARITH_TREE_OPS:
            return (e.op, self.collect_tree(e.lhs, leaves), self.collect_tree(e.rhs, leaves))
        if isinstance(e, BinOp) and e.op == "^":
            base = self.collect_tree(e.lhs, leaves)
            expo = self.default_nums(self.synth(e.rhs, None))
            return ("^", base, expo)
        if isinstance(e, UnOp) and e.op == "-":
            return ("neg", self.collect_tree(e.arg, leaves))
        leaves.append(self.synth(e, None) if not isinstance(e, UnOp) or e.op != "↑" else self.synth(e, None))
        return len(leaves) - 1

    def tree_sort(self, leaves: list[Expr], expected: Sort | None) -> Sort | None:
        target: Sort | None = None
        for lf in leaves:
            if isinstance(lf, UnOp) and lf.op == "↑" and lf.sort.is_unknown:
                continue
            s = lf.sort
            if s.is_unknown or s.is_prop:
                continue
            target = join_sorts(target, s)
        if expected is not None and not expected.is_unknown and not expected.is_prop:
            if target is None or (expected.is_numeric and target.is_numeric):
                target = join_sorts(target, expected)
        if target is None:
            # no information: Lean's default instance makes numerals ℕ; flexible leaves
            # (binders without a type) are defaulted on the next pass if nothing else binds them
            for lf in leaves:
                if isinstance(lf, Var) and lf.sort.is_unknown:
                    key = self._var_key(lf.name)
                    if key is not None:
                        self.st.pending_default.add(key)
            if all(isinstance(lf, Num) or _num_only(lf) for lf in leaves):
                return NAT
            return None
        return target

    def rebuild(self, shape: object, leaves: list[Expr], target: Sort | None) -> Expr:
        if isinstance(shape, int):
            lf = leaves[shape]
            return self.fill(lf, target) if target is not None else lf
        assert isinstance(shape, tuple)
        tag = shape[0]
        t = target if target is not None else UNKNOWN
        if tag == "neg":
            a = self.rebuild(shape[1], leaves, target)
            return UnOp("-", a, a.sort if target is None else t)
        if tag == "^":
            b = self.rebuild(shape[1], leaves, target)
            return BinOp("^", b, shape[2], b.sort if target is None else t)  # type: ignore[arg-type]
        a = self.rebuild(shape[1], leaves, target)
        b = self.rebuild(shape[2], leaves, target)
        s = t
        if target is None:
            s = a.sort if not a.sort.is_unknown else b.sort
        return BinOp(tag, a, b, s)

    def synth_unop(self, e: UnOp, expected: Sort | None) -> Expr:
        op = e.op
        if op == "¬":
            return UnOp("¬", self.elab_prop(e.arg), PROP)
        if op == "-":
            leaves: list[Expr] = []
            shape = self.collect_tree(e, leaves)
            return self.rebuild(shape, leaves, self.tree_sort(leaves, expected))
        if op == "!":
            return UnOp("!", self.elab(e.arg, NAT), NAT)
        if op == "↑":
            inner = self.default_nums(self.synth(e.arg, None))
            tgt = expected if expected is not None and not expected.is_unknown and not expected.is_prop else UNKNOWN
            return UnOp("↑", inner, tgt)
        if op in ("abs", "⁻¹", "ᶜ"):
            want = expected if expected is not None and not expected.is_prop else None
            a = self.synth(e.arg, want)
            if want is not None and a.sort.is_unknown:
                a = self.fill(a, want)
            return UnOp(op, a, a.sort)
        raise self.err(f"unsupported unary operator {op!r}", f"operator {op}")

    def synth_ascribe(self, e: Ascribe) -> Expr:
        target = self.elab_sort(e.sort)
        inner_raw = e.expr
        el = self.elab(inner_raw, target)
        if isinstance(el, UnOp) and el.op == "↑":
            is_tree = (isinstance(inner_raw, BinOp) and inner_raw.op in ARITH_TREE_OPS | {"^"}) or (
                isinstance(inner_raw, UnOp) and inner_raw.op == "-"
            )
            if not is_tree:
                return el
        return Ascribe(el, target)

    def bind_binder(self, b: Binder, owner: object, hint: Sort | None = None) -> tuple[Binder, _Entry]:
        # raw Quant/Lam nodes persist across passes (keyed by identity); header binders
        # pass a stable ("decl", index) key
        key = owner if isinstance(owner, tuple) else ("bound", id(owner))
        if b.sort is not None:
            s = self.elab_sort(b.sort)
            ent = _Entry(b.name or "_", s, key, s.head == "Type")
            return Binder(b.name, s, None, b.kind), ent
        if hint is not None and not hint.is_unknown:
            self.assign(key, hint)
        ent = _Entry(b.name or "_", None, key)
        return Binder(b.name, UNKNOWN, None, b.kind), ent

    def finalize_binder(self, b: Binder, ent: _Entry) -> Binder:
        if ent.sort is not None:
            return b
        return Binder(b.name, self.st.flex.get(ent.key, UNKNOWN), None, b.kind)

    def synth_quant(self, e: Quant) -> Expr:
        b, ent = self.bind_binder(e.binder, e)
        self.scope.append(ent)
        try:
            body = self.elab_prop(e.body)
        finally:
            self.scope.pop()
        return Quant(e.q, self.finalize_binder(b, ent), body, PROP)

    def synth_lam(self, e: Lam, hint: Sort | None) -> Expr:
        b, ent = self.bind_binder(e.binder, e, hint)
        self.scope.append(ent)
        try:
            body = self.default_nums(self.synth(e.body, None))
        finally:
            self.scope.pop()
        fb = self.finalize_binder(b, ent)
        bs = fb.sort if fb.sort is not None else UNKNOWN
        return Lam(fb, body, fun_sort((bs,), body.sort))

    # -- filling expected sorts ----------------------------------------------------------------------
    def fill(self, e: Expr, t: Sort | None) -> Expr:
        if t is None or t.is_unknown:
            return e
        s = e.sort
        if s == t:
            return e
        if not s.is_unknown:
            if isinstance(e, UnOp) and e.op == "↑":
                return e
            if s.is_numeric and (t.is_numeric and NUMERIC_RANK[s.head] < NUMERIC_RANK[t.head] or t.is_var):
                return UnOp("↑", e, t)
            if _has_unknown(s) and not t.is_prop:
                return self._fill_unknown(e, t)
            return e
        return self._fill_unknown(e, t)

    def _fill_unknown(self, e: Expr, t: Sort) -> Expr:
        if isinstance(e, Num):
            return Num(e.value, t) if not t.is_prop else e
        if isinstance(e, Var):
            key = self._var_key(e.name)
            if key is not None:
                self.assign(key, t)
            return Var(e.name, t)
        if isinstance(e, Const):
            sym = lookup(e.name)
            if sym is not None:
                return self.const_of(sym, t)
            if e.name not in ("∅", "⊤", "⊥"):
                self.record_const(e.name, t)
            return Const(e.name, t)
        if isinstance(e, BinOp):
            if e.op in ARITH_TREE_OPS or e.op in SET_OPS or e.op == "++":
                return BinOp(e.op, self.fill(e.lhs, t), self.fill(e.rhs, t), t)
            if e.op == "^":
                return BinOp("^", self.fill(e.lhs, t), e.rhs, t)
            if e.op == "::" and t.head == "List" and t.args:
                return BinOp("::", self.fill(e.lhs, t.args[0]), self.fill(e.rhs, t), t)
            return e
        if isinstance(e, UnOp):
            if e.op in ("-", "abs", "⁻¹", "ᶜ"):
                return UnOp(e.op, self.fill(e.arg, t), t)
            if e.op == "↑":
                return UnOp("↑", e.arg, t)
            return e
        if isinstance(e, App):
            head = e.fn
            if isinstance(head, Const):
                sym = lookup(head.name)
                if sym is not None:
                    params, result = _fun_parts(sym.sort)
                    n = len(e.args)
                    if n > len(params):
                        return e
                    sub: dict[str, Sort] = {}
                    res_pat = fun_sort(params[n:], result) if n < len(params) else result
                    _unify(res_pat, t, sub)
                    for a, p in zip(e.args, params, strict=False):
                        _unify(p, a.sort, sub)
                    args = tuple(self.fill(a, _inst(p, sub)) for a, p in zip(e.args, params, strict=False))
                    return App(Const(head.name, _inst(sym.sort, sub)), args, _inst(res_pat, sub), e.dot)
                # unknown symbol: its result sort is now known
                full = fun_sort(tuple(a.sort for a in e.args), t)
                self.record_const(head.name, full)
                return App(Const(head.name, full), e.args, t, e.dot)
            if isinstance(head, Var) and head.sort.is_fun and head.sort.args[-1].is_unknown:
                full = fun_sort(tuple(a.sort for a in e.args), t)
                key = self._var_key(head.name)
                if key is not None:
                    self.assign(key, full)
                return App(Var(head.name, full), e.args, t, e.dot)
            return e
        if isinstance(e, Ascribe):
            return e
        return e

    def default_nums(self, e: Expr) -> Expr:
        """Give still-unsorted numerals (and trees of them) Lean's default sort ℕ."""
        if e.sort.is_unknown and _num_only(e):
            return self.fill(e, NAT)
        return e


def _merge(cur: Sort, new: Sort) -> Sort:
    """Combine two partial sorts of the same symbol: unknown parts are filled in."""
    if cur.is_unknown:
        return new
    if new.is_unknown:
        return cur
    if cur.head == new.head and len(cur.args) == len(new.args) and cur.args:
        return Sort(cur.head, tuple(_merge(a, b) for a, b in zip(cur.args, new.args, strict=True)), cur.is_var, cur.params)
    return cur


def _n_unknown(s: Sort) -> int:
    return (1 if s.is_unknown else 0) + sum(_n_unknown(a) for a in s.args)


def known_fun(s: Sort) -> bool:
    return s.is_fun


def _num_only(e: Expr) -> bool:
    """Is ``e`` built from numerals and arithmetic only (so that ℕ is its default)?"""
    stack = [e]
    while stack:
        n = stack.pop()
        if isinstance(n, Num):
            continue
        if isinstance(n, BinOp) and n.op in ARITH_TREE_OPS:
            stack.extend((n.lhs, n.rhs))
            continue
        if isinstance(n, BinOp) and n.op == "^":
            stack.append(n.lhs)
            continue
        if isinstance(n, UnOp) and n.op in ("-", "abs"):
            stack.append(n.arg)
            continue
        if isinstance(n, App) and isinstance(n.fn, Const) and n.fn.name in ("max", "min", "id", "abs"):
            stack.extend(n.args)
            continue
        if not n.sort.is_unknown:
            continue
        return False
    return True


def _dotted(first: str, rest: str) -> RawField:
    e: object = Var(first)
    for part in rest.split("."):
        e = RawField(e, part)  # type: ignore[arg-type]
    return e  # type: ignore[return-value]


def _is_free_var_name(name: str) -> bool:
    """Lower-case plain names (``x``, ``n₁``, ``f'``) are free variables when unbound."""
    return "." not in name and (name[:1].islower() or name[:1] == "_") and name not in SYMBOLS


# --------------------------------------------------------------------------------------
# Public entry points
# --------------------------------------------------------------------------------------


def _run(text: str, env: Mapping[str, Sort], body: object) -> tuple[_State, object]:
    st = _State(text, dict(env))
    result: object = None
    for _ in range(MAX_PASSES):
        st.changed = False
        before_pending = set(st.pending_default)
        el = _Elab(st)
        result = body(el)  # type: ignore[operator]
        # default binders that only met numerals
        new_default = False
        for key in st.pending_default:
            if key not in st.flex or st.flex[key].is_unknown:
                st.flex[key] = NAT
                new_default = True
        if not st.changed and not new_default and st.pending_default == before_pending:
            break
    return st, result


def elaborate_expr(raw: Expr, env: Mapping[str, Sort] | None = None, text: str = "") -> Expr:
    """Elaborate a raw (or already elaborated) expression; free names get inferred sorts."""

    def body(el: _Elab) -> Expr:
        e = el.synth(raw, None)
        return el.default_nums(e)

    _, out = _run(text, env or {}, body)
    return out  # type: ignore[return-value]


def elaborate_prop(raw: Expr, env: Mapping[str, Sort] | None = None, text: str = "") -> Expr:
    """Elaborate a proposition (expected sort ``Prop``)."""

    def body(el: _Elab) -> Expr:
        return el.elab_prop(raw)

    _, out = _run(text, env or {}, body)
    return out  # type: ignore[return-value]


def elaborate_declaration(raw: Declaration, text: str = "") -> Declaration:
    """Elaborate a raw declaration: binders in order, then the statement."""

    def body(el: _Elab) -> Declaration:
        binders: list[Binder] = []
        entries: list[tuple[int, _Entry]] = []
        for i, b in enumerate(raw.binders):
            if b.kind == "inst":
                s = el.elab_sort(b.sort) if b.sort is not None else None
                binders.append(Binder(b.name, s, None, "inst"))
                if b.name:
                    el.scope.append(_Entry(b.name, s or UNKNOWN, None))
                continue
            if b.hyp is not None:
                h = el.elab_prop(b.hyp)
                binders.append(Binder(b.name, None, h, b.kind))
                if b.name:
                    el.scope.append(_Entry(b.name, UNKNOWN, None))
                continue
            nb, ent = el.bind_binder(b, ("decl", i))
            el.scope.append(ent)
            entries.append((len(binders), ent))
            binders.append(nb)
        prop = el.elab_prop(raw.prop)
        for idx, ent in entries:
            binders[idx] = el.finalize_binder(binders[idx], ent)
        return Declaration(raw.kind, raw.name, tuple(binders), prop)

    _, out = _run(text, {}, body)
    return out  # type: ignore[return-value]


def elaborate(e: Expr, env: Mapping[str, Sort] | None = None) -> Expr:
    """Re-elaborate an AST built by hand or by a transform: recomputes every sort from the
    binder sorts and ascriptions (node sorts already present are ignored), so the result is
    exactly what ``parse`` would give for its Lean rendering."""
    return elaborate_prop(_strip(e), env) if _looks_prop(e) else elaborate_expr(_strip(e), env)


def _looks_prop(e: Expr) -> bool:
    return e.sort.is_prop or isinstance(e, Quant) or (isinstance(e, BinOp) and (e.op in OPS_REL or e.op in OPS_LOGIC))


def _strip(e: Expr) -> Expr:
    """Forget elaborated sorts (keep binder sorts and ascriptions); turn resolved constants
    back into identifiers."""
    if isinstance(e, Num):
        return Num(e.value)
    if isinstance(e, Var):
        return Var(e.name)
    if isinstance(e, Const):
        return Var(e.name)
    if isinstance(e, BoolLit):
        return e
    if isinstance(e, App):
        if e.dot and isinstance(e.fn, Const) and e.args:
            pass
        return App(_strip(e.fn), tuple(_strip(a) for a in e.args))
    if isinstance(e, BinOp):
        return BinOp(e.op, _strip(e.lhs), _strip(e.rhs))
    if isinstance(e, UnOp):
        if e.op == "↑" and not e.sort.is_unknown:
            return Ascribe(UnOp("↑", _strip(e.arg)), e.sort)
        return UnOp(e.op, _strip(e.arg))
    if isinstance(e, Ascribe):
        return Ascribe(_strip(e.expr), e.sort)
    if isinstance(e, Quant):
        b = e.binder
        s = None if b.sort is None or b.sort.is_unknown else b.sort
        return Quant(e.q, Binder(b.name, s, None, b.kind), _strip(e.body))
    if isinstance(e, Lam):
        b = e.binder
        s = None if b.sort is None or b.sort.is_unknown else b.sort
        return Lam(Binder(b.name, s, None, b.kind), _strip(e.body))
    return e

