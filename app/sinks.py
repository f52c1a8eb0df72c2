"""Where a batch goes: a Markdown file under the project directory, the clipboard. Every sink writes the one
encoding from :mod:`app.protocol.markdown`.

Files are written atomically (temporary file in the same directory, then ``os.replace``) and never
overwrite an existing file: a clash gets a ``-2``, ``-3`` … suffix.
"""

from __future__ import annotations

import os
import re
import tempfile
import unicodedata
from datetime import datetime
from pathlib import Path

from app.core.platform import give_usual_mode
from app.model.annotation import AnnotationBatch
from app.protocol.markdown import encode_annotations

STAMP_FORMAT = "%Y%m%d-%H%M%S"


def stamp(now: datetime | None = None) -> str:
    """Local time as ``YYYYmmdd-HHMMSS`` (issue #2 file names)."""
    return (now or datetime.now()).strftime(STAMP_FORMAT)


def slug(text: str, limit: int = 60) -> str:
    """A file-name-safe slug: ASCII lowercase letters, digits and ``-``; ``page`` when nothing is left."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    text = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    return text[:limit].rstrip("-") or "page"


def unique_path(directory: Path, stem: str, suffix: str) -> Path:
    """``directory/stem+suffix``, or with ``-2``, ``-3`` … appended to ``stem`` if that name is taken."""
    candidate = directory / f"{stem}{suffix}"
    n = 2
    while candidate.exists():
        candidate = directory / f"{stem}-{n}{suffix}"
        n += 1
    return candidate


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temp file + ``os.replace``). Raises ``OSError``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        give_usual_mode(Path(tmp))  # mkstemp makes 0600; give the file the user's usual mode
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_markdown(batch: AnnotationBatch, project_dir: Path, now: datetime | None = None,
                  detail: str = "standard") -> Path:
    """Write ``batch`` to ``<project_dir>/annotations/<YYYYmmdd-HHMMSS>.md`` (UTF-8, LF) and return the
    absolute path, its element records at ``detail`` (app/protocol/detail.py). Raises ``OSError`` when the
    directory or file cannot be written."""
    directory = (project_dir / "annotations").resolve()
    directory.mkdir(parents=True, exist_ok=True)
    path = unique_path(directory, stamp(now), ".md")
    write_atomic(path, encode_annotations(batch, detail).encode("utf-8"))
    return path
