"""Summary statistics for the benches: percentiles and the per-page result lists they are taken over."""

from __future__ import annotations


def pct(values: list[float], q: float) -> float:
    """Percentile ``q`` (0..100) with linear interpolation; NaN for no values."""
    v = sorted(values)
    if not v:
        return float("nan")
    k = (len(v) - 1) * q / 100
    lo = int(k)
    return v[lo] + (v[min(lo + 1, len(v) - 1)] - v[lo]) * (k - lo)


def add(res: dict, key: str, value: float | None) -> None:
    """Append ``value`` to the list ``res[key]`` (created when missing); ``None`` (not measured) is skipped."""
    if value is not None:
        res.setdefault(key, []).append(value)
