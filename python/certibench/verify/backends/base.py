"""The backend protocol and registry.

A backend examines one parsed pair and answers with a :class:`BackendResult`: a verdict
(``certified``, ``refuted``, ``vacuous``, ``unknown``, ``unavailable``, ``error``), a reason,
and the evidence it produced (JSON data that ``certibench recheck`` can replay).  The
certifier tries the formal backends in order (:data:`FORMAL_ORDER`) until one is decisive;
backends are looked up by name in :data:`BACKENDS`, so adding one is writing a class with
``name``, ``formal``, ``available()`` and ``check()`` and decorating it with
:func:`register_backend` (see ``docs/extending.md``).

Budgets are deterministic resource counts, never wall-clock time: ``rewrite_steps`` rule
attempts for the rewrite search and ``smt_rlimit`` Z3 resource units (``rlimit``) per solver
query.  A wall-clock ``safety_seconds`` only stops a runaway check, which is then
``unknown`` with that reason — never a different decision.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from certibench.logic.ast import Declaration
from certibench.schema import Verdict

#: Formal backends in the order the certifier tries them.
FORMAL_ORDER: tuple[str, ...] = ("rewrite", "smt", "sympy", "lean")
#: Old names accepted on the command line and in configs.
ALIASES: dict[str, str] = {"z3": "smt", "chain": "rewrite", "rewrite_chain": "rewrite"}

#: One budget unit = this many rewrite attempts and this many Z3 resource units.
REWRITE_STEPS_PER_UNIT = 20_000
SMT_RLIMIT_PER_UNIT = 200_000
DEFAULT_BUDGET_UNITS = 10.0


@dataclass(frozen=True)
class Budget:
    """Deterministic limits of one pair's check (see the module docstring)."""

    rewrite_steps: int = int(REWRITE_STEPS_PER_UNIT * DEFAULT_BUDGET_UNITS)
    smt_rlimit: int = int(SMT_RLIMIT_PER_UNIT * DEFAULT_BUDGET_UNITS)
    safety_seconds: float = 120.0

    @classmethod
    def from_units(cls, units: float) -> Budget:
        """``--budget N`` on the command line: N units (10 by default)."""
        u = max(0.1, float(units))
        return cls(int(REWRITE_STEPS_PER_UNIT * u), int(SMT_RLIMIT_PER_UNIT * u), max(30.0, 12.0 * u))

    def as_json(self) -> dict[str, Any]:
        return {"rewrite_steps": self.rewrite_steps, "smt_rlimit": self.smt_rlimit}


@dataclass(frozen=True)
class PairInput:
    """What a backend sees of a pair: both parsed statements and their source texts."""

    canonical: Declaration
    paraphrase: Declaration
    canonical_text: str
    paraphrase_text: str
    family: str | None = None
    tier: str = "T3"
    budget: Budget = field(default_factory=Budget)
    key: str = "pair"
    #: item-level facts the non-formal backends read: ``nl_canonical``, ``nl_paraphrase``,
    #: ``template_claim`` (the item's own template record, to be re-checked) and ``review``
    #: (the latest ledger decision for this exact text pair).
    extra: dict[str, Any] = field(default_factory=dict)


class BackendResult(BaseModel):
    backend: str
    verdict: Verdict
    reason: str = ""
    evidence: dict[str, Any] = Field(default_factory=dict)


@runtime_checkable
class Backend(Protocol):
    name: str
    formal: bool

    def available(self) -> bool: ...

    def check(self, pair: PairInput) -> BackendResult: ...


BACKENDS: dict[str, Backend] = {}


def register_backend(cls: Callable[[], Backend]) -> Callable[[], Backend]:
    """Class decorator: instantiate and register a backend under its ``name``."""
    inst = cls()
    if not isinstance(inst, Backend):
        raise TypeError(f"{cls!r} does not implement the Backend protocol")
    BACKENDS[inst.name] = inst
    return cls


def canonical_backend_name(name: str) -> str:
    key = name.strip().lower()
    return ALIASES.get(key, key)


def get_backend(name: str) -> Backend:
    key = canonical_backend_name(name)
    if key not in BACKENDS:
        raise KeyError(f"unknown backend {name!r} (known: {', '.join(sorted(BACKENDS))})")
    return BACKENDS[key]


__all__ = [
    "ALIASES",
    "BACKENDS",
    "Backend",
    "BackendResult",
    "Budget",
    "FORMAL_ORDER",
    "PairInput",
    "canonical_backend_name",
    "get_backend",
    "register_backend",
]
