"""Source hints as links in the panel's detail pane: a click opens the file at its line in the user's editor
(:mod:`app.runtime.editor`: checked local file, argv without a shell, or the user's URL template).

The link carries the hint's text (``pagenote-source:`` + percent-encoded); on a click it is parsed and checked
again from scratch — nothing in the link is trusted more than the page that wrote the hint.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from urllib.parse import quote, unquote

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices

from app.runtime.editor import LIBRARY_MARK, PRODUCTION_MARK, EditorRefused, launch, plan_launch, split_hints

SCHEME = "pagenote-source"



def source_label() -> str:
    """The detail pane's label for the Source row (translated)."""
    return QCoreApplication.translate("SourceLinks", "Source")


def source_links_html(source: str) -> str:
    """Rich text for a ``Source:`` value: one link per hint (``<br>``-separated), the hint text escaped; a
    library's hint (``… (library)``: a package) and a production build's (``… production build (no source
    map)``) as text: neither has a file to open."""
    links = [escape(hint) if hint.endswith((LIBRARY_MARK, PRODUCTION_MARK)) else
             f'<a href="{SCHEME}:{quote(hint, safe="")}">{escape(hint)}</a>' for hint in split_hints(source)]
    return "<br>".join(links)


def hint_of(url: QUrl) -> str | None:
    """The hint text a :func:`source_links_html` link carries, ``None`` for another link."""
    text = url.toString(QUrl.ComponentFormattingOption.FullyEncoded)
    if not text.startswith(f"{SCHEME}:"):
        return None
    return unquote(text[len(SCHEME) + 1:])


def open_source(hint: str, editor, project_dir: str | Path = "") -> str:
    """Open ``hint`` with the ``[editor]`` settings ``editor`` (url, command, root; a relative hint is under
    ``root``, else under ``project_dir``: hints are named relative to the project,
    app.webview.source_hints.project_relative). Returns ``""`` when it was handed to the editor, else the
    translated reason it was not (nothing is run then)."""
    try:
        plan = plan_launch(hint, editor.command, editor.url, editor.root or project_dir)
        if plan.url:
            if not QDesktopServices.openUrl(QUrl(plan.url)):
                return QCoreApplication.translate("SourceLinks", "No application opens {0}").format(plan.url)
        else:
            launch(plan)
    except EditorRefused as exc:
        return QCoreApplication.translate("SourceLinks", "Not opened in an editor: {0}").format(str(exc))
    return ""


def install_source_links(window, editor_settings) -> None:
    """Make the panel's Source links open the editor (``editor_settings()``: the current ``[editor]`` section);
    the outcome is said in the window's status line."""
    detail = window.panels.detail

    def clicked(url: QUrl) -> None:
        hint = hint_of(url)
        if hint is None:
            return
        problem = open_source(hint, editor_settings(), getattr(getattr(window, "app", None), "project_dir", ""))
        window.say(problem or QCoreApplication.translate("SourceLinks", "Opened {0} in the editor").format(hint))

    detail.anchorClicked.connect(clicked)


def reference_row(path: str) -> tuple[str, str]:
    """The detail pane's row for a reference image: (label, the file name, said to be the design target)."""
    label = QCoreApplication.translate("SourceLinks", "Reference")
    what = QCoreApplication.translate("SourceLinks", "design target: {0}").format(Path(path).name)
    return escape(label), f'<span title="{escape(path)}">{escape(what)}</span>'
