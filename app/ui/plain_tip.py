"""Tooltips that show page data as text.

Qt guesses whether a tooltip is rich text (``Qt::mightBeRichText``): a page title such as ``<h1>PAY</h1>`` or
an ``<img src=…>`` in an accessible name would be laid out as markup. Every tooltip that carries page data,
notes or agent replies goes through :func:`plain_tip`, so the rule lives in one place.
"""

from __future__ import annotations

from html import escape


def plain_tip(text: str, wrap: bool = True) -> str:
    """``text`` as a rich-text tooltip that shows it literally: HTML-escaped, in one ``<p>``; with ``wrap``
    its line breaks and spaces are kept (``white-space: pre-wrap``). ``""`` for an empty text (no tooltip).
    Never raises."""
    if not text:
        return ""
    style = " style='white-space:pre-wrap'" if wrap else ""
    return f"<p{style}>{escape(text)}</p>"
