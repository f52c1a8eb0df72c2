"""What to say when a ``<select>`` lacks the option an agent asked for (``select_option``, ``fill_form``'s
combobox): the element is right, the value is not, so the error lists the options it can take instead.

``selectPlan`` (``app/picker_js/actions.js``) gives ``missing``/``disabledWanted`` and, then, ``choices``: the
first :data:`MAX_CHOICES` enabled options as ``{label, value}`` (each cut at 100 characters in the page) and
``enabledCount``. The caps are applied again here (the page may send anything). The labels are page text: the
message carrying them goes into the untrusted block of the MCP error (``ELEMENT_NOT_ACTIONABLE`` is one of
:data:`app.mcp.untrusted.PAGE_ERRORS`), written as snapshot lines write names (:func:`app.protocol.line_text.quoted`).
"""

from __future__ import annotations

from typing import Any

from app.protocol.line_text import quoted

#: Most options one error lists (the page sends no more; a longer list would drown the error).
MAX_CHOICES = 20
#: Longest label or value shown (characters).
MAX_CHOICE_CHARS = 100

#: The next step of such an error: not "pick another element" (the registry's default for the code).
OPTION_NEXT = ("the element is right, the value is not: call again with one of its enabled options (listed in "
               "the error, as the page names them) by label or value")


def missing_option(plan: dict[str, Any]) -> str | None:
    """``"has no enabled option 'Purple'; its enabled options (3): "Red" (value "r"), …"`` for a ``selectPlan``
    answer whose ``missing`` or ``disabledWanted`` is not empty (``" (it is disabled)"`` after the option for the
    latter); ``None`` when every value is there and enabled. With no enabled option at all it says so."""
    missing, disabled = plan.get("missing") or [], plan.get("disabledWanted") or []
    if not missing and not disabled:
        return None
    head = (f"has no enabled option {str(missing[0])[:MAX_CHOICE_CHARS]!r}" if missing else
            f"has no enabled option {str(disabled[0])[:MAX_CHOICE_CHARS]!r} (it is disabled)")
    choices = [c for c in (plan.get("choices") or []) if isinstance(c, dict)][:MAX_CHOICES]
    count = plan.get("enabledCount")
    count = count if isinstance(count, int) and count >= len(choices) else len(choices)
    if not choices:
        return f"{head}; it has no enabled option at all"
    shown = []
    for c in choices:
        label, value = (str(c.get("label", ""))[:MAX_CHOICE_CHARS], str(c.get("value", ""))[:MAX_CHOICE_CHARS])
        shown.append(quoted(label) + ("" if value == label else f" (value {quoted(value)})"))
    more = f", … and {count - len(choices)} more" if count > len(choices) else ""
    return f"{head}; its enabled options ({count}): {', '.join(shown)}{more}"
