"""The page-side picker: small JS modules, bundled into one script per world.

Each ``.js`` file here is one module doing one job (``role.js``: an element's role; ``name.js``: its
accessible name; ``selector.js``/``xpath.js``/``chain.js``: how to find it again; ``attributes.js``,
``style.js``, ``content.js``, ``excerpt.js``: the record's fields; ``redact.js``: what never leaves the page;
``record.js``: the element record; ``locator_grammar.js``/``locators.js``: ranked locators; ``overlay.js``:
highlight and markers; ``pointer.js``: the highlight following a still pointer; ``pins.js``: this document's
instance; ``frames.js``, ``capture.js``, ``anchors.js``; ``range.js``/``region.js``/``group.js``: text-range,
region and group annotations; ``freeze.js``: Freeze; ``main.js``: the API the host calls). The rules they
apply (caps, allow-lists, secret names, locator limits, marker colours, statuses) are not written in JS: they
come from :mod:`app.core.policy` as ``OPTIONS``.

Module header (the dependency rule, written down; read by :mod:`app.picker_js.bundler`). A module's leading
``//`` comment lines hold::

    // @module record                                  the module's name; must equal the file name
    // @imports text: squash, cut; role: role           names taken from other modules (';' between modules;
    //                                                  the line may repeat)
    // @exports elementRecord                          names other modules may import (may repeat)

A module sees only its own top-level names, the names it imports, ``OPTIONS`` (frozen) and the browser's
globals: the bundler wraps each module in its own function, and ``tests/test_js_modules.py`` fails on a
module reading another module's name without importing it. Only top-level ``function``, ``class`` and
``const`` names can be exported (exports are bound once, after the module ran). Import cycles, missing
modules and names a module does not export are errors at build time (:class:`~app.picker_js.bundler.BundleError`).

Worlds: :data:`PICKER_WORLD` (entry ``main``) is injected into the isolated world
``QWebEngineScript.ScriptWorldId.ApplicationWorld``; a second world (e.g. a main-world device wrapper under
``app/page_main/``) is another :class:`~app.picker_js.bundler.World` with its own entry module and package
list, bundled by the same code.
"""

from __future__ import annotations

from functools import cache

from app.core.policy import page_options
from app.picker_js.bundler import World, bundle, load_modules

#: Bumped when the JS API changes; the host checks it (``window.__pagenote.version``).
API_VERSION = 1
#: The isolated-world picker: ``window.__pagenote`` (main.js).
PICKER_WORLD = World("picker", entry="main", packages=("app.picker_js",))


def default_options() -> dict:
    """Options the bundle receives as ``OPTIONS``: ``version`` (:data:`API_VERSION`) and the rules of
    :func:`app.core.policy.page_options` (``caps`` in code units, ``attributes``, ``test_ids``, ``secrets``,
    ``locators``, ``markers``, ``statuses`` …). A fresh dict each call."""
    return {"version": API_VERSION, **page_options()}


@cache
def _world_modules(world: World) -> dict:
    return load_modules(world.packages)


def world_source(world: World, options: dict | None = None) -> str:
    """The injected script for ``world``: its entry module and everything that imports, each in its own
    function, inside ``(function (OPTIONS) { … })({…json…});``. Raises ``BundleError`` for a module set that
    cannot be bundled (cycle, missing module or name, bad header)."""
    # The shipped modules' declarations are checked by the tests (bundle(..., check_declarations=True)).
    return bundle(_world_modules(world), world.entry, options or default_options(), check_declarations=False)


def picker_source(options: dict | None = None) -> str:
    """Return the picker's injected script (:data:`PICKER_WORLD`): ``(function (OPTIONS) { …modules… })({…});``.

    Raises ``BundleError`` if the module set cannot be bundled, ``FileNotFoundError`` if the package is missing."""
    return world_source(PICKER_WORLD, options)
