"""Persistent leases of a running app (issue 30, requirement 2): opening one by name (the window's
``default``, a ``--profile NAME``, a restored tab's), listing them with their size on disk for Settings, and
clearing one.

Clearing removes the lease's cookies, storage (``localStorage``, IndexedDB, service workers …) and cache. Qt
has no call that empties a live profile's storage (Qt 6.12 offers ``clearHttpCache()`` and
``cookieStore().deleteAllCookies()``, nothing for storage), and Chromium keeps a live profile's databases open,
so a lease in use is cleared as a browser's "clear site data and reload" looks to the user: the lease starts a
new, empty directory (:func:`app.runtime.profiles.next_generation`), each of its open tabs is opened again on
its page in the emptied lease (same place in the strip, its annotations moved along, re-anchored when the page
has loaded; the old page is closed), and the old directory is deleted once no page uses it. A lease no tab
uses is deleted from disk at once.
"""

from __future__ import annotations

import logging
import shutil
from dataclasses import dataclass
from pathlib import Path

from app.runtime.profiles import (generation_dir, next_generation, profile_dir, profiles_on_disk, remove_stale)
from app.webview.lease import Lease

log = logging.getLogger("pagenote.leases")


def open_persistent(parent, name: str) -> Lease:
    """A new persistent :class:`~app.webview.lease.Lease` ``name`` over its directory
    (:func:`~app.runtime.profiles.profile_dir`), after removing what an unfinished clear left there. At most one
    per name may live in a process (Qt: one profile per storage name). Raises
    :class:`~app.core.errors.PagenoteError` ``BAD_PROFILE_NAME``."""
    root = profile_dir(name)
    remove_stale(root)
    return Lease(parent, name=name, storage=generation_dir(root))


def live_persistent(app, name: str) -> Lease | None:
    """``app``'s live persistent lease ``name``, ``None`` when none is open."""
    return next((lease for lease in app.leases if lease.live and lease.persistent and lease.name == name), None)


@dataclass(frozen=True)
class LeaseRow:
    """A persistent lease as Settings lists it: ``name``, ``path`` (its directory), ``size`` (bytes on disk),
    ``tabs`` (how many open tabs use it)."""

    name: str
    path: Path
    size: int
    tabs: int


def lease_rows(app) -> list[LeaseRow]:
    """Every persistent lease on disk (under :func:`~app.runtime.profiles.profiles_root`) and every one
    ``app`` has open, by name."""
    rows = {p.name: p for p in profiles_on_disk()}
    names = sorted(set(rows) | {lease.name for lease in app.leases if lease.live and lease.persistent})
    out = []
    for name in names:
        lease = live_persistent(app, name)
        on_disk = rows.get(name)
        tabs = sum(1 for tab in app.tabs if tab.lease is lease) if lease is not None else 0
        out.append(LeaseRow(name, on_disk.path if on_disk else profile_dir(name), on_disk.size if on_disk else 0,
                            tabs))
    return out


def clear_lease(app, name: str) -> list:
    """Remove the cookies, storage and cache of persistent lease ``name`` (module docstring): open tabs of it
    are opened again on their pages in the emptied lease. Returns those new tabs (in strip order). Raises
    ``PagenoteError`` ``BAD_PROFILE_NAME``, ``OSError`` when the new directory cannot be made."""
    root = profile_dir(name)
    lease = live_persistent(app, name)
    if lease is None:
        shutil.rmtree(root, ignore_errors=True)
        log.info("lease %s cleared (not in use): %s removed", name, root)
        return []
    lease.renew(next_generation(root))
    tabs = reopen_tabs(app, [tab for tab in app.tabs if tab.lease is lease])
    if lease.retire() == 0:
        # Chromium writes its network state and preferences into the old directory as the old profile shuts
        # down on its own threads; those files (no cookies, no site storage) go at the lease's next start.
        remove_stale(root)
    log.info("lease %s cleared; %d tab(s) opened again", name, len(tabs))
    return tabs


def reopen_tabs(app, old_tabs: list) -> list:
    """Open each of ``old_tabs`` again in its lease (its current profile) on the page it shows, right after
    it, then close it: the new tab takes its annotations (:meth:`~app.model.session.Session.retab`) and, for
    the active one, its place as the active tab. Returns the new tabs."""
    new_tabs = []
    for old in old_tabs:
        url = old.page.url() if not old.page.url().isEmpty() else old.page.requestedUrl()
        tab = app.new_tab(lease=old.lease, after=old, activate=old is app.active_tab)
        app.batch_session.retab(old.id, tab.id)
        app.close_tab(old.id)
        if not url.isEmpty():
            tab.open(url)
        new_tabs.append(tab)
    return new_tabs
