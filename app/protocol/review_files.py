"""Writing a review to the project: ``<project>/annotations/<stamp>.<ext>`` in one of the export formats.

=========== ===========================================================================================
``md``      the annotations Markdown at the detail level (app/protocol/markdown.py); images stay files
``html``    one self-contained HTML file, every image embedded (app/protocol/html_export.py)
``json``    the model, for ``pagenote capture --import`` and the window's Import… (app/protocol/review_json.py)
=========== ===========================================================================================
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from app.model.annotation import AnnotationBatch
from app.model.round_chain import Rounds
from app.protocol.detail import DEFAULT_LEVEL
from app.protocol.html_export import review_html
from app.protocol.markdown import encode_annotations
from app.protocol.review_json import review_json
from app.sinks import stamp, unique_path, write_atomic

FORMATS = ("md", "html", "json")


def review_text(batch: AnnotationBatch, fmt: str, detail: str = DEFAULT_LEVEL, rounds: Rounds | None = None,
                title: str = "") -> str:
    """``batch`` in export format ``fmt`` (:data:`FORMATS`; JSON is always the whole model, every level's
    fields). ``rounds``: its follow-ups' rounds, drawn by the HTML export only (the Markdown and JSON carry the
    ``Follow-up to:`` links); ``title``: the HTML's heading (default: the count). ``ValueError`` for an unknown
    format, ``DetailLevelError`` for an unknown level."""
    if fmt == "md":
        return encode_annotations(batch, detail)
    if fmt == "html":
        return review_html(batch, detail, title, rounds)
    if fmt == "json":
        return review_json(batch)
    raise ValueError(f"unknown export format {fmt!r}: choose one of {', '.join(FORMATS)}")


def save_review(batch: AnnotationBatch, project_dir: Path, fmt: str, detail: str = DEFAULT_LEVEL,
                now: datetime | None = None, path: Path | None = None, rounds: Rounds | None = None,
                title: str = "") -> Path:
    """Write :func:`review_text` (with ``rounds`` and ``title``) to ``path`` or
    ``<project_dir>/annotations/<YYYYmmdd-HHMMSS>-review.<fmt>`` (UTF-8) and return the absolute path. Raises
    ``OSError`` when it cannot be written."""
    text = review_text(batch, fmt, detail, rounds, title)
    if path is None:
        directory = (project_dir / "annotations").resolve()
        directory.mkdir(parents=True, exist_ok=True)
        path = unique_path(directory, f"{stamp(now)}-review", f".{fmt}")
    write_atomic(path, text.encode("utf-8"))
    return path.resolve()
