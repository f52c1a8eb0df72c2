"""The page-side picker, bundled into one injected script.

Each ``.js`` file here does one job (``record.js``: the element record; ``overlay.js``: highlight and
markers; ``capture.js``: help for host-side screenshots; ``main.js``: install guard and the API the host
calls). :func:`picker_source` concatenates them, in
that order, into one IIFE with the options passed in as a JSON literal, so the page can never see or alter
them. The script is injected into the isolated world ``QWebEngineScript.ScriptWorldId.ApplicationWorld``.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files

from app.model.text import ATTRIBUTE_VALUE_CAP, CONTEXT_CAP, HTML_CAP, LINE_CAP, TEXT_CAP

#: Bundle order: later files use names the earlier ones define.
MODULES = ("record.js", "locators.js", "overlay.js", "frames.js", "capture.js", "anchors.js", "main.js")
#: Bumped when the JS API changes; the host checks it (``window.__pagenote.version``).
API_VERSION = 1


def default_options() -> dict:
    """Options the bundle receives as ``OPTIONS``: ``version`` and the caps (code units) of record fields."""
    return {
        "version": API_VERSION,
        "caps": {"line": LINE_CAP, "text": TEXT_CAP, "context": CONTEXT_CAP, "html": HTML_CAP,
                 "attr": ATTRIBUTE_VALUE_CAP},
    }


@cache
def _module_text(name: str) -> str:
    return files(__package__).joinpath(name).read_text(encoding="utf-8")


def picker_source(options: dict | None = None) -> str:
    """Return the injected script: ``(function (OPTIONS) { …modules… })({…json…});``.

    Raises ``FileNotFoundError`` if a module file is missing from the installed package.
    """
    body = "\n".join(_module_text(name) for name in MODULES)
    opts = json.dumps(options or default_options(), ensure_ascii=True)
    return f"(function (OPTIONS) {{\n'use strict';\n{body}\n}})({opts});\n"
