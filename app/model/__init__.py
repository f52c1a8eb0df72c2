"""The annotation model (pydantic, no Qt): :class:`AnnotationBatch` of :class:`Annotation` of
:class:`ElementRecord`.

The names load :mod:`app.model.annotation` on first use (PEP 562 module ``__getattr__``), so importing
``app.model.text`` (the caps, which the protocol modules use) never runs ``annotation`` half-way: that was a
circular import (annotation → protocol.attributes → model.text → model → annotation)."""

from __future__ import annotations

from typing import Any

__all__ = ["Annotation", "AnnotationBatch", "ElementRecord", "Rect"]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from app.model import annotation

    return getattr(annotation, name)
