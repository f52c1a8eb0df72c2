"""The invisible set's categories come from the running Python's ``unicodedata``, whether read from the
generated table (``app/core/_unicode_ranges.py``, which spares every start a walk over all code points) or
computed (another Unicode version)."""

from __future__ import annotations

import unicodedata
import warnings

from app.core import _unicode_ranges as table
from app.core import policy
from app.core.unicode_ranges import TABLE, category_ranges, ranges_for, render


def test_the_invisible_set_is_the_running_pythons_categories():
    live = category_ranges(policy.INVISIBLE_CATEGORIES)
    assert policy._RANGES == live
    assert ranges_for(policy.INVISIBLE_CATEGORIES) == live
    # Spot checks by the rule itself: a few characters of each category, and characters next to them.
    for ch in "\u00ad\u200b\u2065\ue000\U000e0041\U000e0080\U000f0000":
        assert any(a <= ord(ch) <= b for a, b in live), hex(ord(ch))
    for ch in "a\u00ac\u00ae\u200a\U0001f600":
        assert not any(a <= ord(ch) <= b for a, b in live), hex(ord(ch))


def test_the_generated_table_is_what_the_generator_writes_for_the_running_unicode():
    if table.UNIDATA_VERSION == unicodedata.unidata_version:
        assert TABLE.read_text(encoding="utf-8") == render(policy.INVISIBLE_CATEGORIES), (
            "app/core/_unicode_ranges.py is stale: run python -m app.core.unicode_ranges")
    else:
        # Another Python's Unicode: the table is not used (the test above checks what is), only slower to start.
        assert ranges_for(policy.INVISIBLE_CATEGORIES) is not table.RANGES
        warnings.warn(f"app/core/_unicode_ranges.py is of Unicode {table.UNIDATA_VERSION}, this Python's is "
                      f"{unicodedata.unidata_version}: the set is computed at each start (0.3-0.7 s); regenerate "
                      "it with python -m app.core.unicode_ranges", stacklevel=1)


def test_a_table_for_other_categories_or_another_unicode_is_not_used(monkeypatch):
    monkeypatch.setattr(table, "UNIDATA_VERSION", "0.0.0")
    monkeypatch.setattr(table, "RANGES", ((0x41, 0x41),))
    assert ranges_for(policy.INVISIBLE_CATEGORIES) == category_ranges(policy.INVISIBLE_CATEGORIES)
    monkeypatch.setattr(table, "UNIDATA_VERSION", unicodedata.unidata_version)
    assert ranges_for(("Cf",)) == category_ranges(("Cf",))
    assert ranges_for(policy.INVISIBLE_CATEGORIES) == [(0x41, 0x41)]   # same version and categories: the table
