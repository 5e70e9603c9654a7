"""The few distribution functions the invariance report needs, without scipy.

``certibench report`` used to import ``scipy.stats`` (1-2 s on a 2-core machine, more than
the whole report of 10^5 responses) for five numbers: chi-square and binomial tail
probabilities (Cochran's Q, McNemar), the normal quantile of a CI, and the p-values of
Kendall's tau and Pearson's r.  This module computes them with ``math`` and numpy:

* :func:`chi2_sf` - closed forms for integer degrees of freedom (finite sums of Poisson
  terms, plus ``erfc`` for odd df);
* :func:`binom_cdf` - exact rational arithmetic for n <= 1000 (correctly rounded), else a
  sum of point probabilities down from k, the top one by Loader's saddle-point formula
  (the one R's ``dbinom`` uses; accurate to ~1e-15 relative where ``lgamma`` differences
  lose digits);
* :func:`kendalltau` - tau-b and its p-value, the same algorithm as
  ``scipy.stats.kendalltau(method="auto")`` (exact null distribution without ties and
  n <= 33, else the normal approximation with the tie-corrected variance);
* :func:`pearson_pvalue` - the exact null distribution of r (a beta distribution), as
  ``scipy.stats.pearsonr``;
* :func:`norm_ppf` - ``statistics.NormalDist``.

``tests/metrics/test_metrics_pvalues.py`` checks every function against scipy on many inputs:
statistics agree exactly, p-values to about 1e-13 relative (their last printed digit may
differ: the algorithms are not scipy's C code).
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

__all__ = [
    "betainc",
    "binom_cdf",
    "chi2_sf",
    "kendalltau",
    "ndtr",
    "norm_ppf",
    "pearson_pvalue",
]

_SQRT1_2 = math.sqrt(0.5)
_EXACT_BINOM_MAX = 1000


def ndtr(x: float) -> float:
    """Standard normal CDF (the cephes ``ndtr`` formulation: ``erf`` near 0, ``erfc`` in the tails)."""
    if math.isnan(x):
        return math.nan
    t = x * _SQRT1_2
    z = abs(t)
    if z < _SQRT1_2:
        return 0.5 + 0.5 * math.erf(t)
    y = 0.5 * math.erfc(z)
    return 1.0 - y if t > 0 else y


def norm_ppf(q: float) -> float:
    """Standard normal quantile."""
    return NormalDist().inv_cdf(q)


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X ~ chi-square with integer ``df`` >= 1."""
    if df < 1 or int(df) != df:
        raise ValueError(f"chi2_sf needs an integer df >= 1, got {df!r}")
    df = int(df)
    if math.isnan(x):
        return math.nan
    if x <= 0:
        return 1.0
    if math.isinf(x):
        return 0.0
    h = 0.5 * x
    if df % 2 == 0:
        # sum_{k < df/2} e^-h h^k / k!
        if h < 600.0:
            term = 1.0
            s = 1.0
            for k in range(1, df // 2):
                term *= h / k
                s += term
            return math.exp(-h) * s
        logs = [k * math.log(h) - math.lgamma(k + 1) for k in range(df // 2)]
        top = max(logs)
        return math.exp(-h + top + math.log(math.fsum(math.exp(v - top) for v in logs)))
    # odd df: erfc(sqrt(h)) + e^-h sum_{k=1}^{(df-1)/2} h^(k-1/2) / Gamma(k + 1/2)
    out = math.erfc(math.sqrt(h))
    if df == 1:
        return out
    if h < 600.0:
        term = math.sqrt(h) / math.gamma(1.5)
        s = term
        for k in range(2, (df - 1) // 2 + 1):
            term *= h / (k - 0.5)
            s += term
        return out + math.exp(-h) * s
    logs = [(k - 0.5) * math.log(h) - math.lgamma(k + 0.5) for k in range(1, (df - 1) // 2 + 1)]
    top = max(logs)
    return out + math.exp(-h + top + math.log(math.fsum(math.exp(v - top) for v in logs)))


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    if abs(d) < tiny:
        d = tiny
    d = 1.0 / d
    h = d
    for m in range(1, 100_000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        if abs(d) < tiny:
            d = tiny
        c = 1.0 + aa / c
        if abs(c) < tiny:
            c = tiny
        d = 1.0 / d
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        if abs(d) < tiny:
            d = tiny
        c = 1.0 + aa / c
        if abs(c) < tiny:
            c = tiny
        d = 1.0 / d
        de = d * c
        h *= de
        if abs(de - 1.0) < 1e-16:
            return h
    raise ArithmeticError(f"incomplete beta continued fraction did not converge (a={a}, b={b}, x={x})")  # pragma: no cover


def betainc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta function I_x(a, b) for a, b > 0."""
    if not (a > 0 and b > 0):
        raise ValueError(f"betainc needs a, b > 0, got {a}, {b}")
    if math.isnan(x):
        return math.nan
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    front = math.exp(log_front)
    # the fraction converges fast below the mean; above it use I_x(a,b) = 1 - I_{1-x}(b,a)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def binom_cdf(k: float, n: int, p: float = 0.5) -> float:
    """P(X <= k) for X ~ Binomial(n, p) (k is floored, as scipy does)."""
    if math.isnan(k):
        return math.nan
    kk = math.floor(k)
    if kk < 0:
        return 0.0
    if kk >= n:
        return 1.0
    if p == 0.5 and n <= _EXACT_BINOM_MAX:
        c = 1
        s = 1
        for i in range(kk):
            c = c * (n - i) // (i + 1)
            s += c
        return s / (1 << n)  # int / int: correctly rounded
    if not 0.0 < p < 1.0:
        return 1.0 if p == 0.0 else 0.0
    if kk > n * p:  # the upper tail is the small side
        return 1.0 - _binom_tail_down(n - kk - 1, n, 1.0 - p)
    return _binom_tail_down(kk, n, p)


def _binom_tail_down(k: int, n: int, p: float) -> float:
    """sum_{i <= k} P(X = i) for k <= n p: from P(X = k) down, each term from the last."""
    if k < 0:
        return 0.0
    q = 1.0 - p
    term = _dbinom(k, n, p)
    total = term
    ratio_base = q / p
    for i in range(k, 0, -1):
        term *= i / (n - i + 1) / ratio_base
        total += term
        if term < total * 1e-17:
            break
    return min(1.0, total)


def _stirlerr(n: float) -> float:
    """log(n!) - log(sqrt(2 pi n) (n/e)^n) (Loader 2000)."""
    if n <= 15.0:
        return math.lgamma(n + 1.0) - (n + 0.5) * math.log(n) + n - 0.5 * math.log(2 * math.pi)
    s0, s1, s2, s3, s4 = 1 / 12, 1 / 360, 1 / 1260, 1 / 1680, 1 / 1188
    nn = n * n
    if n > 500:
        return (s0 - s1 / nn) / n
    if n > 80:
        return (s0 - (s1 - s2 / nn) / nn) / n
    if n > 35:
        return (s0 - (s1 - (s2 - s3 / nn) / nn) / nn) / n
    return (s0 - (s1 - (s2 - (s3 - s4 / nn) / nn) / nn) / nn) / n


def _bd0(x: float, m: float) -> float:
    """x log(x/m) + m - x, without cancellation when x is close to m (Loader 2000)."""
    if abs(x - m) < 0.1 * (x + m):
        v = (x - m) / (x + m)
        s = (x - m) * v
        ej = 2 * x * v
        v = v * v
        for j in range(1, 1000):
            ej *= v
            s1 = s + ej / (2 * j + 1)
            if s1 == s:
                return s1
            s = s1
    return x * math.log(x / m) + m - x


def _dbinom(x: int, n: int, p: float) -> float:
    """P(X = x) for X ~ Binomial(n, p), 0 < p < 1 (Loader's saddle-point formula)."""
    q = 1.0 - p
    if x == 0:
        return math.exp(n * math.log(q)) if p != 0.5 else math.ldexp(1.0, -n)
    if x == n:
        return math.exp(n * math.log(p)) if p != 0.5 else math.ldexp(1.0, -n)
    lc = _stirlerr(n) - _stirlerr(x) - _stirlerr(n - x) - _bd0(x, n * p) - _bd0(n - x, n * q)
    lf = math.log(2 * math.pi) + math.log(x) + math.log1p(-x / n)
    return math.exp(lc - 0.5 * lf)


def _kendall_p_exact(n: int, c: int) -> float:
    """Two-sided exact p-value of Kendall's tau without ties (c = concordant pairs);
    the recursion of Kendall (1970) as in scipy.stats."""
    c = int(min(c, (n * (n - 1)) // 2 - c))
    if n <= 0:
        raise ValueError(f"n ({n}) must be positive")
    if n in (1, 2):
        prob = 1.0
    elif c == 0:
        prob = 2.0 / math.factorial(n) if n < 171 else 0.0
    elif c == 1:
        prob = 2.0 / math.factorial(n - 1) if n < 172 else 0.0
    elif 4 * c == n * (n - 1):
        prob = 1.0
    elif n < 171:
        new = np.zeros(c + 1)
        new[0:2] = 1.0
        for j in range(3, n + 1):
            new = np.cumsum(new)
            if j <= c:
                new[j:] -= new[: c + 1 - j]
        prob = 2.0 * np.sum(new) / math.factorial(n)
    else:
        new = np.zeros(c + 1)
        new[0:2] = 1.0
        for j in range(3, n + 1):
            new = np.cumsum(new) / j
            if j <= c:
                new[j:] -= new[: c + 1 - j]
        prob = np.sum(new)
    return float(np.clip(prob, 0, 1))


def _ties(ranks: np.ndarray) -> tuple[int, int, int]:
    cnt = np.bincount(ranks).astype("int64", copy=False)
    cnt = cnt[cnt > 1]
    return (
        int((cnt * (cnt - 1) // 2).sum()),
        int((cnt * (cnt - 1.0) * (cnt - 2)).sum()),
        int((cnt * (cnt - 1.0) * (2 * cnt + 5)).sum()),
    )


def kendalltau(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Kendall's tau-b and its two-sided p-value (``scipy.stats.kendalltau`` defaults).

    NaN, NaN when either input is constant (or shorter than 2)."""
    x = np.asarray(x, dtype=np.float64).ravel()
    y = np.asarray(y, dtype=np.float64).ravel()
    if x.size != y.size:
        raise ValueError("kendalltau: x and y must have the same length")
    size = x.size
    if size < 2:
        return math.nan, math.nan
    # dense ranks (ties share a rank)
    xr = np.unique(x, return_inverse=True)[1].ravel()
    yr = np.unique(y, return_inverse=True)[1].ravel()
    dx = np.sign(xr[:, None] - xr[None, :])
    dy = np.sign(yr[:, None] - yr[None, :])
    upper = np.triu(np.ones((size, size), dtype=bool), 1)
    dis = int(np.count_nonzero((dx * dy < 0) & upper))
    ntie = int(np.count_nonzero((dx == 0) & (dy == 0) & upper))
    xtie, x0, x1 = _ties(xr)
    ytie, y0, y1 = _ties(yr)
    tot = (size * (size - 1)) // 2
    if xtie == tot or ytie == tot:
        return math.nan, math.nan
    con_minus_dis = tot - xtie - ytie + ntie - 2 * dis
    tau = con_minus_dis / np.sqrt(tot - xtie) / np.sqrt(tot - ytie)
    tau = float(np.minimum(1.0, max(-1.0, tau)))
    if xtie == 0 and ytie == 0 and (size <= 33 or min(dis, tot - dis) <= 1):
        p = _kendall_p_exact(size, tot - dis)
    else:
        m = size * (size - 1.0)
        var = (m * (2 * size + 5) - x1 - y1) / 18 + (2 * xtie * ytie) / m + x0 * y0 / (9 * m * (size - 2))
        z = con_minus_dis / np.sqrt(var)
        p = 2 * ndtr(-abs(float(z)))
    return tau, float(p)


def pearson_pvalue(x: np.ndarray, y: np.ndarray) -> float:
    """Two-sided p-value of Pearson's r under independence (r ~ Beta(n/2-1, n/2-1) on
    [-1, 1], as ``scipy.stats.pearsonr``); r is computed as scipy computes it."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    n = x.size
    if n < 2 or np.all(x == x[0]) or np.all(y == y[0]):
        return math.nan
    xm = x - x.mean()
    ym = y - y.mean()
    xmax = np.max(np.abs(xm))
    ymax = np.max(np.abs(ym))
    normxm = xmax * np.linalg.norm(xm / xmax)
    normym = ymax * np.linalg.norm(ym / ymax)
    r = float(np.clip(np.dot(xm / normxm, ym / normym), -1.0, 1.0))
    if n == 2:
        return 1.0
    ab = n / 2 - 1
    return 2.0 * betainc(ab, ab, (1.0 - abs(r)) / 2.0)
