"""Where pagenote's run-time resources are: the demo page, icons and compiled translations.

In a checkout they are the repository's ``resources/`` directory; an installed wheel carries a copy as the
package directory ``app/_resources`` (``setup.py``'s ``build_py`` step copies it there, compiling the
translations on the way), and a PyInstaller bundle keeps that package layout. :func:`resource` looks in the
package first, so an installed copy never reads files of some checkout that happens to be around.
"""

from __future__ import annotations

from pathlib import Path

#: The copy inside the installed package (absent in a checkout).
PACKAGED = Path(__file__).resolve().parents[1] / "_resources"
#: The repository's directory (absent in an installed wheel).
CHECKOUT = Path(__file__).resolve().parents[2] / "resources"


def resources_dir() -> Path:
    """The directory holding the run-time resources: :data:`PACKAGED` when it exists, else :data:`CHECKOUT`.
    Never raises; the caller finds out a file is missing when it opens it."""
    return PACKAGED if PACKAGED.is_dir() else CHECKOUT


def resource(*parts: str) -> Path:
    """The path of one resource, e.g. ``resource("demo.html")`` or ``resource("i18n", "pagenote_zh_CN.qm")``
    (it may not exist: a checkout has no compiled translations until ``dev/bootstrap.sh`` made them)."""
    return resources_dir().joinpath(*parts)
