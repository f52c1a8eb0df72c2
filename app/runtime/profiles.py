"""Named persistent leases (``--profile NAME``): where each keeps its cookies, storage and cache. No Qt here,
so a bad name is refused before Qt starts."""

from __future__ import annotations

import re
from pathlib import Path

#: A named lease's name: letters, digits, ``-`` and ``_``, at most 64 (it becomes a directory name).
PROFILE_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")


def profile_dir(name: str) -> Path:
    """Where the persistent lease ``name`` keeps its cookies, storage and cache:
    ``<platformdirs user data dir>/profiles/<name>`` (e.g. ``~/.local/share/pagenote/profiles/work``). Raises
    :class:`~app.core.errors.PagenoteError` ``BAD_PROFILE_NAME`` for a name :data:`PROFILE_NAME` refuses."""
    from platformdirs import user_data_dir

    from app.core.errors import PagenoteError

    if not PROFILE_NAME.fullmatch(name or ""):
        raise PagenoteError("BAD_PROFILE_NAME", f"{name!r} is not a profile name")
    return Path(user_data_dir("pagenote", appauthor=False)) / "profiles" / name
