"""A sent batch's HTML review (its row's Export Review as HTML…) as a browser draws it — the issue 31 user trial
found the left 60 % empty (": no page screenshot"), a new note's only round titled "Round 3 (this annotation)"
and full-width crops scaled to unreadable strips. Made through the real path (pin, Send, the agent's
``annotations.verify`` after the CSS changed) in the real window against a page on 127.0.0.1, then the file
opened in the window's QtWebEngine view and measured there."""

from __future__ import annotations

from PySide6.QtCore import QUrl

from test_verify_annotations import CSS, client, pin_and_send, site, verify  # noqa: F401  (fixtures)

from app.protocol.html_export import MIN_PICTURE_PX
from app.ui.review_io import install_review_ui

#: The label as a full-width bar: its crops are as wide as the page.
WIDE = CSS + "#label { left: 0; width: calc(100vw - 16px); text-align: left; }\n"

MEASURE = """(() => {
  const notes = document.querySelector('ol.notes').getBoundingClientRect();
  return {width: innerWidth, notesLeft: notes.left, notesWidth: notes.width,
          title: document.querySelector('section.rounds h3').textContent,
          head: document.querySelector('.round-head').textContent,
          pictures: [...document.querySelectorAll('.rounds img.shot')].map(i => ({
              alt: i.alt, natural: i.naturalWidth, shown: i.getBoundingClientRect().width,
              top: Math.round(i.getBoundingClientRect().top)}))};
})()"""


def test_a_sent_batchs_review_uses_the_width_and_keeps_wide_crops_readable(window, qtbot, site, client,  # noqa: F811
                                                                             js, tmp_path):
    install_review_ui(window)
    (site.folder / "verify.css").write_text(WIDE)
    batch = pin_and_send(window, qtbot, site, ["label"])
    (site.folder / "verify.css").write_text(WIDE + "#label { color: #c02020; }\n")
    window.load_page(site.url)
    assert verify(client, batch)["result"]["results"][0]["verification"]["changes"]
    out = window.sent_export.export(batch, tmp_path / "out" / f"review-{batch}.html")
    assert out is not None

    with qtbot.waitSignal(window.view.loadFinished, timeout=15_000) as loaded:
        window.view.load(QUrl.fromLocalFile(str(out)))
    assert loaded.args == [True]
    # The file's CSP forbids eval in its own world: measure from an isolated world (the same DOM and layout).
    qtbot.waitUntil(lambda: js("[...document.images].every(i => i.complete && i.naturalWidth > 0)", 1),
                    timeout=10_000)
    got = js(MEASURE, 1)

    # No empty picture column: the notes start at the page's padding and take most of its width.
    assert got["notesLeft"] < 40 and got["notesWidth"] > 0.8 * got["width"], got
    # Called by the annotation, with no round number it does not have.
    assert got["title"] == "This annotation’s check" and got["head"].startswith("This annotation: batch " + batch)
    assert "Round" not in got["head"]
    # Before, After and Diff, each drawn at least at the readable width (or its own when smaller).
    pictures = got["pictures"]
    assert [p["alt"] for p in pictures] == ["Before", "After", "Diff"]
    assert all(p["natural"] > 0.6 * got["width"] for p in pictures), pictures   # the crops are wide
    assert all(p["shown"] >= min(p["natural"], MIN_PICTURE_PX) - 1 for p in pictures), pictures
    assert len({p["top"] for p in pictures}) == 3, pictures   # stacked, one per row
