"""Notes on one of several look-alike controls (identical "Buy now" buttons in a card list, "Edit" in table
rows, a TodoMVC-style list's destroy buttons) after a reload (app/picker_js/anchors.js; issue 30,
requirement 1): re-anchoring weighs every recorded locator and the nearby text. Unchanged page: exact, on its
item. Re-sorted list: the note follows its item by its nearby text, never its old position; when the nearby
text cannot tell the items apart (div cards in one section), ambiguous, never a guess. Item removed with a
look-alike left: stale, never on the look-alike. Real QtWebEngine, tests/pages/lookalikes.html on 127.0.0.1."""

from __future__ import annotations

import pytest

from _tabs_fixtures import tabs  # noqa: F401 (fixture)
from app.model import ElementRecord

CONTROL = {"cards": "button", "articles": "button", "divs": "button", "twins": "button", "table": "button",
           "todo": "button.destroy"}
NAMES = ("Fern", "Moss", "Ivy")   # the page's items, in its order before a change
ITEM = {"cards": "#list > li", "articles": "#list > article", "divs": "#list > div", "twins": "#list > li",
        "table": "#list tr", "todo": "#list > li"}


def reload_after_pin(window, server, qtbot, js, layout: str, index: int, after: str | None):
    """Pin the control of item `index` (1-based) of `layout`, set the page's after-reload change `after`
    (None: none), reload; the annotation once re-anchored and the item texts [(text, rect)] of the controls."""
    window.load_page(server.url(f"lookalikes.html?layout={layout}"))
    assert js("sessionStorage.length") == 0   # a new window's tab: no change from an earlier test
    found = window.page_call("select", f"{ITEM[layout]}:nth-child({index}) {CONTROL[layout]}")
    assert found["count"] == 1
    record = ElementRecord.model_validate(found["record"])
    item = js(f"document.querySelector('{ITEM[layout]}:nth-child({index}) ').innerText")
    window.tab.annotator.pin(found["id"], record, "this one")
    if after:
        js(f"sessionStorage.setItem('after', {after!r}); sessionStorage.setItem('gone', {NAMES[index - 1]!r}); true")
    window.load_page(window.view.url().toString())
    # Re-anchored once the page has a node for the pin again, or the host heard it is stale.
    qtbot.waitUntil(lambda: window.session.pins[0].annotation.status == "stale"
                    or window.page_call("elementViewport", found["id"]) is not None, timeout=10_000)
    annotation = window.run(window.tab.refreshed_batch()).annotations[0]
    place = window.page_call("elementViewport", found["id"]) if annotation.status != "stale" else None
    controls = js(f"Array.from(document.querySelectorAll('{ITEM[layout]}')).map((it) => {{"
                  f" const r = it.querySelector('{CONTROL[layout]}').getBoundingClientRect();"
                  " return [it.innerText, [r.x, r.y]]; })")
    on = [text for text, (x, y) in controls if place and abs(place["x"] - x) < 1 and abs(place["y"] - y) < 1]
    return annotation, item, on


@pytest.mark.parametrize("layout", ["cards", "articles", "divs", "table", "todo", "twins"])
def test_a_note_on_one_of_identical_controls_stays_exact_after_a_reload(window, server, qtbot, js, layout):
    annotation, item, on = reload_after_pin(window, server, qtbot, js, layout, 2, None)
    assert (annotation.status, annotation.status_reason) == ("", "")
    assert on == [item] if layout != "twins" else len(on) == 1


@pytest.mark.parametrize("layout", ["cards", "articles", "table", "todo"])
def test_a_note_follows_its_item_when_the_list_is_re_sorted(window, server, qtbot, js, layout):
    annotation, item, on = reload_after_pin(window, server, qtbot, js, layout, 2, "sorted")
    assert annotation.status == "rematched"
    assert on == [item]   # its item, now third; the look-alike now second is not it


def test_a_re_sorted_list_the_nearby_text_cannot_tell_apart_is_ambiguous_never_a_guess(window, server, qtbot, js):
    annotation, _item, on = reload_after_pin(window, server, qtbot, js, "divs", 2, "sorted")
    assert (annotation.status, annotation.status_reason) == ("stale", "ambiguous: 3 candidates")
    assert on == []
    # The candidates are kept for the user to pick one: each names one of the three buttons, in page order.
    assert len(annotation.candidates) == 3
    picked = [window.page_call("select", c) for c in annotation.candidates]
    assert [p["count"] for p in picked] == [1, 1, 1]
    assert js(f"({list(annotation.candidates)!r}).map((c) => document.querySelector(c)"
              ".closest('.card').querySelector('h3').textContent)") == ["Ivy", "Fern", "Moss"]


@pytest.mark.parametrize("layout", ["cards", "articles", "divs", "table", "todo"])
def test_a_note_whose_item_was_removed_never_lands_on_a_look_alike(window, server, qtbot, js, layout):
    annotation, item, on = reload_after_pin(window, server, qtbot, js, layout, 2, "removed")
    assert annotation.status == "stale"
    assert on == []
    assert "moss" in annotation.element.nearby_context.lower()   # the record is not moved


def restored_after_pin(window, tabs, qtbot, tmp_path, url: str):
    """Load ``url`` (lookalikes.html), pin the second item's button with a note, write the draft, read it back
    and restore it into the app (as the next start does); the restored tab once its page loaded and its marker
    is drawn."""
    from app.runtime.drafts import DraftJournal, load_draft, restore_draft

    journal = DraftJournal(window.app, tmp_path)
    window.load_page(url)
    found = window.page_call("select", "#list > li:nth-child(2) button")
    window.tab.annotator.pin(found["id"], ElementRecord.model_validate(found["record"]), "this one")
    assert journal.write_now()
    draft, problem = load_draft(tmp_path)
    assert problem == "" and draft.count == 1
    (tab,) = restore_draft(tabs.app, draft)
    tabs.show(tab)
    qtbot.waitUntil(lambda: tab.page.url().toString() == url and not tab.loading, timeout=10_000)
    qtbot.waitUntil(lambda: len(tab.annotator.scene.scene.marks) == 1, timeout=10_000)
    return tab


def test_a_note_on_one_of_identical_cards_comes_back_exact_after_a_restart(window, server, qtbot, tabs, tmp_path):
    """The next start: the draft on disk restored into a new app; its page loads and the note's marker is on its
    card's button again, exact (it came back ambiguous, no marker)."""
    tab = restored_after_pin(window, tabs, qtbot, tmp_path, server.url("lookalikes.html?layout=cards"))
    annotation = window.run(tab.refreshed_batch()).annotations[0]
    assert (annotation.status, annotation.status_reason) == ("", "")
    assert annotation.element.nearby_context.split()[0] == "Moss"   # re-read from the node it is on
