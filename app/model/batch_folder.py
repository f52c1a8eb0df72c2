"""Which picture files a sent batch's records may name (issue 31): the one rule for every path pagenote reads
back from a follow-up (``After:``), a kept verification (before / after / diff) or a batch's ``before.json``
before it embeds the picture (the HTML review) or hands it to an agent (the ``After:`` line). No Qt.

pagenote writes a sent batch's pictures in one folder, ``<project>/annotations/sent/<batch id>/`` (the before
crops at Send, app/tabs/before_crops.py; the after and diff of each verification,
app/agent/verify_annotations.py). The records naming them are files in the project — a cloned repository, a
review or batch file someone else wrote can carry any path, or a file of the right name that is a symbolic link
to the user's private pictures. So a named picture is taken only when, links resolved, it is a file name directly
in that folder of this project (docs/security.md, "Page → agent"). Its shape alone (app.model.rounds.after_crop)
is not enough: a look-alike folder elsewhere, or a link in the right folder, passes it.
"""

from __future__ import annotations

from pathlib import Path

from app.model.rounds import BATCH_ID

#: Where a project keeps its sent batches (``<batch id>.json``) and their folders, relative to the project.
SENT_DIR = Path("annotations") / "sent"


def kept_picture(path: str, sent_dir: Path, batch_id: str) -> str:
    """``path`` with its links resolved when it names a file directly in sent batch ``batch_id``'s folder
    ``sent_dir/<batch_id>/`` (``sent_dir``: the project's :data:`SENT_DIR`, links resolved too), else ``""``:
    another folder, ``..`` out of it, a link pointing out of it, a relative path, a ``batch_id`` that is not a
    batch id (``YYYYmmdd-HHMMSS-xxxx``, app.model.rounds.BATCH_ID). A file that is gone is kept when its path is
    in the folder (an export says it is missing). Never raises."""
    if not path or not BATCH_ID.fullmatch(batch_id or ""):
        return ""
    try:
        p = Path(path)
        if not p.is_absolute():
            return ""
        real = p.resolve()
        folder = (sent_dir / batch_id).resolve()
    except (OSError, RuntimeError, ValueError):   # a link loop, a NUL in the path
        return ""
    return str(real) if real.parent == folder else ""
