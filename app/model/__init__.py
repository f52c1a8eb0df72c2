"""The annotation model (pydantic, no Qt): :class:`AnnotationBatch` of :class:`Annotation` of
:class:`ElementRecord`."""

from app.model.annotation import Annotation, AnnotationBatch, ElementRecord, Rect

__all__ = ["Annotation", "AnnotationBatch", "ElementRecord", "Rect"]
