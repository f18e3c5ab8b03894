"""Estimates with confidence intervals, and the test of a difference between two of them.

Rates (points per game, the share of decisive games, …) are means of per-game values in
[0, 1] with a Wilson score interval (:func:`rate_estimate`); other means (turns per game, …)
get a normal interval (:func:`mean_estimate`). Games that come in groups — one deal played
once per seating — are not independent, so both count each group as one unit
(:class:`Tally`). :func:`difference` tests one estimate against another.

>>> lo, hi = wilson_interval(50, 100)
>>> round(float(lo), 4), round(float(hi), 4)
(0.4038, 0.5962)
>>> print(format_estimate(rate_estimate([1, 0, 1, 0.5])))
62.5% [21.9–90.8]
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


# Intervals -----------------------------------------------------------------------------------


def wilson_interval(successes: Any, trials: Any, z: float = Z95) -> tuple[Any, Any]:
    """The Wilson score interval for a proportion (95% by default); works on arrays too.

    With no trials the interval is (0, 1).

    >>> [round(float(x), 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]
    >>> [round(float(x), 4) for x in wilson_interval(81, 263)]
    [0.2553, 0.3662]
    >>> wilson_interval(0, 96)[0], wilson_interval(96, 96)[1]  # exactly, not a rounding error past it
    (0.0, 1.0)
    """
    k = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    safe = np.where(n > 0, n, 1.0)
    p = k / safe
    z2 = z * z
    denom = 1.0 + z2 / safe
    centre = (p + z2 / (2 * safe)) / denom
    half = z * np.sqrt(p * (1 - p) / safe + z2 / (4 * safe * safe)) / denom
    # The interval holds its proportion exactly: at 0 or 1, rounding would leave a bound a hair past it.
    lo = np.where(n > 0, np.clip(np.minimum(centre - half, p), 0.0, 1.0), 0.0)
    hi = np.where(n > 0, np.clip(np.maximum(centre + half, p), 0.0, 1.0), 1.0)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


class Estimate(NamedTuple):
    """A rate or a mean over games, with its 95% interval ``low``–``high``.

    ``kind`` is ``"rate"`` (a mean of values in [0, 1]: Wilson score interval) or ``"mean"``
    (normal interval). ``games`` is how many games it counts, ``size`` the effective number of
    independent games behind it (a rate's Wilson n; fewer than ``games`` when games come in
    correlated groups), ``se`` its standard error.
    """

    value: float
    low: float
    high: float
    kind: str
    games: float
    size: float
    se: float

    @property
    def half_width(self) -> float:
        """How far the interval reaches from the estimate, on its longer side (NaN without games)."""
        return max(self.value - self.low, self.high - self.value) if self.games else float("nan")


class Tally:
    """Running sums for a rate or a mean over games, added chunk by chunk.

    :meth:`add` takes one value per game; ``counted`` (bool per game) leaves games out (a
    comeback rate counts only the games one player won), and ``group`` > 1 says that each
    run of ``group`` consecutive games is one unit — the seatings of one deal share their dice
    and setup, so they are counted as one sample (a ratio estimator over the groups, the usual
    cluster-sample variance). The sums suffice to give the estimate at any time.

    >>> tally = Tally().add([1, 1, 0, 0], group=2).add([1, 1, 0, 0], group=2)
    >>> rate = tally.rate()  # every pair agrees: four independent units, not eight
    >>> rate.value, rate.games, rate.size
    (0.5, 8.0, 4.0)
    """

    def __init__(self) -> None:
        self.units = 0
        self.a = self.b = self.aa = self.ab = self.bb = 0.0

    def add(self, values: Any, counted: Any = None, group: int = 1) -> "Tally":
        """Add games (``values``, one per game; see the class docstring); returns the tally."""
        values = np.asarray(values, dtype=float).reshape(-1)
        weights = np.ones(values.shape) if counted is None else np.asarray(counted, dtype=bool).reshape(-1) * 1.0
        if values.size % group or weights.shape != values.shape:
            raise ValueError(f"{values.size} values cannot be cut into groups of {group} (or counted has another length)")
        a = np.where(weights > 0, values, 0.0).reshape(-1, group).sum(axis=1)
        b = weights.reshape(-1, group).sum(axis=1)
        self.units += int((b > 0).sum())
        self.a += float(a.sum())
        self.b += float(b.sum())
        self.aa += float((a * a).sum())
        self.ab += float((a * b).sum())
        self.bb += float((b * b).sum())
        return self

    def _spread(self, centre: float) -> float:
        """Σ (a − centre·b)² over the units, / (Σ b)²: the variance of the ratio Σa / Σb."""
        spread = self.aa - 2 * centre * self.ab + centre * centre * self.bb
        return max(0.0, spread) / (self.b * self.b)

    def rate(self, z: float = Z95) -> Estimate:
        """The mean of the values (each in [0, 1]) with a Wilson score interval.

        The interval is Wilson's for ``size`` = p(1 − p) / variance independent games (the
        effective sample size), and never narrower than for as many independent
        win-or-lose games as were counted: for 0/1 values of independent games it is exactly
        Wilson's interval, for fractional points (shared wins, draws) a little wide.
        """
        if self.b <= 0:
            return Estimate(float("nan"), 0.0, 1.0, "rate", 0.0, 0.0, float("nan"))
        p = self.a / self.b
        variance = self._spread(p)
        size = self.b if variance <= 0 else min(self.b, p * (1 - p) / variance)
        size = size if size > 0 else self.b
        lo, hi = wilson_interval(p * size, size, z)
        return Estimate(p, lo, hi, "rate", self.b, size, math.sqrt(p * (1 - p) / size))

    def mean(self, z: float = Z95) -> Estimate:
        """The mean of the values with a normal interval ``mean ± z·se`` (infinite for one unit)."""
        if self.b <= 0:
            return Estimate(float("nan"), float("nan"), float("nan"), "mean", 0.0, 0.0, float("nan"))
        mean = self.a / self.b
        if self.units < 2:
            return Estimate(mean, float("-inf"), float("inf"), "mean", self.b, float(self.units), float("inf"))
        se = math.sqrt(self._spread(mean) * self.units / (self.units - 1))
        return Estimate(mean, mean - z * se, mean + z * se, "mean", self.b, float(self.units), se)


def rate_estimate(values: Any, counted: Any = None, group: int = 1) -> Estimate:
    """The mean of per-game values in [0, 1] (points, or 0/1 flags) with its Wilson interval
    (:meth:`Tally.rate`; ``counted`` and ``group`` as for :meth:`Tally.add`).

    >>> [round(x, 4) for x in rate_estimate([1] * 81 + [0] * 182)[:3]]
    [0.308, 0.2553, 0.3662]
    """
    return Tally().add(values, counted, group).rate()


def mean_estimate(values: Any, counted: Any = None, group: int = 1) -> Estimate:
    """The mean of per-game values with its normal 95% interval (:meth:`Tally.mean`).

    >>> print(format_estimate(mean_estimate([10, 12, 14, 16])))
    13.00 [10.47–15.53]
    """
    return Tally().add(values, counted, group).mean()


class Difference(NamedTuple):
    """``value`` = one estimate minus another, its 95% interval and the two-sided ``p`` value
    of the test that the two are equal."""

    value: float
    low: float
    high: float
    p: float


def difference(new: Estimate, base: Estimate, z: float = Z95) -> Difference:
    """``new − base`` for two estimates from independent runs, with an interval and a test.

    Rates: Newcombe's hybrid score interval (built from the two Wilson intervals) and the
    pooled two-proportion score test on the effective sizes. Means: the normal (Welch)
    interval and test. NaN where either estimate has no games.

    >>> d = difference(rate_estimate([1] * 56 + [0] * 14), rate_estimate([1] * 48 + [0] * 32))
    >>> round(d.value, 4), round(d.low, 4), round(d.high, 4), round(d.p, 4)  # Newcombe (1998), example (a)
    (0.2, 0.0524, 0.3339, 0.008)
    """
    if new.kind != base.kind:
        raise ValueError(f"cannot compare a {new.kind} with a {base.kind}")
    if not (new.games and base.games):
        return Difference(float("nan"), float("nan"), float("nan"), float("nan"))
    d = new.value - base.value
    if new.kind == "rate":
        low = d - math.sqrt((new.value - new.low) ** 2 + (base.high - base.value) ** 2)
        high = d + math.sqrt((new.high - new.value) ** 2 + (base.value - base.low) ** 2)
        pooled = (new.value * new.size + base.value * base.size) / (new.size + base.size)
        se = math.sqrt(pooled * (1 - pooled) * (1 / new.size + 1 / base.size))
    else:
        se = math.sqrt(new.se ** 2 + base.se ** 2)
        low, high = d - z * se, d + z * se
    if se == 0 or not math.isfinite(se):
        p = 1.0 if d == 0 or not math.isfinite(se) else 0.0
    else:
        p = math.erfc(abs(d) / se / math.sqrt(2))
    return Difference(d, low, high, p)


def format_estimate(estimate: Estimate, digits: int = 2) -> str:
    """``"52.3% [49.2–55.4]"`` for a rate, ``"39.38 [39.12–39.65]"`` for a mean (``digits`` decimals);
    a mean of one game (or one deal) has no interval, and says so.

    >>> format_estimate(Tally().add([228]).mean())
    '228.00 [no interval from one game]'
    """
    if estimate.kind == "rate":
        return format_rate(estimate.value, estimate.low, estimate.high)
    if math.isnan(estimate.value):
        return "–"
    if math.isinf(estimate.se):
        return f"{estimate.value:.{digits}f} [no interval from one {'game' if estimate.games <= 1 else 'deal'}]"
    return f"{estimate.value:.{digits}f} [{estimate.low:.{digits}f}–{estimate.high:.{digits}f}]"


def format_difference(diff: Difference, kind: str, digits: int = 2) -> str:
    """``"+1.2 pts [+0.3, +2.1] p=0.012"`` (a rate's difference in percentage points) or
    ``"−0.35 [−0.60, −0.10] p<0.001"`` (a mean's).

    >>> format_difference(Difference(0.012, 0.003, 0.021, 0.0123), "rate")
    '+1.2 pts [+0.3, +2.1] p=0.012'
    """
    if math.isnan(diff.value):
        return "–"
    scale, digits, unit = (100, 1, " pts") if kind == "rate" else (1, digits, "")
    p = "p<0.001" if diff.p < 0.001 else f"p={diff.p:.3f}"
    low, high = format_signed(scale * diff.low, digits), format_signed(scale * diff.high, digits)
    return f"{format_signed(scale * diff.value, digits)}{unit} [{low}, {high}] {p}"


def format_signed(value: float, digits: int = 1) -> str:
    """``value`` with its sign (a true minus sign), ``+0.0`` for anything that rounds to zero.

    >>> format_signed(-0.00004), format_signed(-2.345, 2), format_signed(3)
    ('+0.0', '−2.35', '+3.0')
    """
    value = round(value, digits) or 0.0  # no "−0.0"
    return f"{value:+.{digits}f}".replace("-", "−")


def format_rate(rate: float, lo: float, hi: float) -> str:
    """``"52.3% [49.2–55.4]"``."""
    if math.isnan(rate):
        return "–"
    return f"{100 * rate:.1f}% [{100 * lo:.1f}–{100 * hi:.1f}]"
