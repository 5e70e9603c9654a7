"""Retries with backoff (honouring ``Retry-After``), a requests-per-minute limiter and a
pause gate shared by all requests to one endpoint."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field

from pydantic import BaseModel, Field


class RetryPolicy(BaseModel):
    """Exponential backoff with full jitter; ``Retry-After`` (capped) overrides it."""

    max_retries: int = Field(5, ge=0)
    base_delay: float = Field(0.5, gt=0)
    max_delay: float = Field(30.0, gt=0)
    max_retry_after: float = Field(120.0, gt=0)

    def delay(self, attempt: int, retry_after: float | None = None, rng: random.Random | None = None) -> float:
        """Seconds to wait after failed attempt number ``attempt`` (1-based)."""
        if retry_after is not None:
            return min(max(0.0, retry_after), self.max_retry_after)
        cap = min(self.max_delay, self.base_delay * (2 ** (attempt - 1)))
        r = (rng or random).random()
        return cap * (0.5 + 0.5 * r)


class RateLimiter:
    """Spaces request starts at least ``60 / rpm`` seconds apart (no burst above the rate)."""

    def __init__(self, rpm: float | None) -> None:
        self.interval = 60.0 / rpm if rpm else 0.0
        self._next = 0.0
        self._lock = asyncio.Lock()

    async def acquire(self) -> None:
        if not self.interval:
            return
        async with self._lock:
            now = time.monotonic()
            start = max(now, self._next)
            self._next = start + self.interval
        if start > now:
            await asyncio.sleep(start - now)


@dataclass
class PauseGate:
    """When the server says "Retry-After: s", every request to it waits until then."""

    until: float = 0.0
    pauses: int = field(default=0)

    def pause(self, seconds: float) -> None:
        t = time.monotonic() + seconds
        if t > self.until:
            self.until = t
            self.pauses += 1

    async def wait(self) -> None:
        d = self.until - time.monotonic()
        if d > 0:
            await asyncio.sleep(d)
