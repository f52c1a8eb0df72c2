"""What is handed over (issue 9): a failed screenshot keeps the work and says why on its own line (§5), the
user's words are never cut silently (§8), and each page's screenshot stays with that page's annotations (§9).
``pagenote capture`` runs as a subprocess; the window tests use real QtWebEngine pages."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from conftest import run_capture

from app.core.errors import EXIT_CAPTURE_FAILED, EXIT_OK
from app.model import ElementRecord
from app.model.session import Session
from app.model.text import NOTE_CAP
from app.protocol.detail import DEFAULT_LEVEL, restrict
from app.protocol.markdown import TRUST_TEXT, encode_annotations, parse_annotations

#: CAPTURE_TOO_LARGE's message for tests/pages/wide.html in a 1280x800 viewport (app/capture/fullpage.py).
TOO_WIDE = "CAPTURE_TOO_LARGE — the document is 250000x800 CSS px; pagenote stitches at most 200000 px per side"
#: … and for a crop of its #wide element: the region captured is the element plus its 16 px margin (40 + 32 tall).
TOO_WIDE_CROP = "CAPTURE_TOO_LARGE — the region is 250000x72 CSS px; pagenote stitches at most 200000 px per side"


capture = run_capture


def saved_markdown(out: Path) -> str:
    files = list((out / "annotations").glob("*.md"))
    assert len(files) == 1, files
    return files[0].read_text(encoding="utf-8")


# --- §5: partial failures keep the work ----------------------------------------------------------------------


def test_a_failed_crop_is_named_on_its_annotation_and_the_rest_is_written(server, tmp_path):
    proc = capture(server.url("wide.html"), "--annotate", "#ok", "--note", "fits", "--annotate", "#wide",
                   "--note", "too wide", "--crops", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == EXIT_CAPTURE_FAILED == 4, proc.stderr
    assert f"\nScreenshot: [not taken: {TOO_WIDE_CROP}]\n" in proc.stdout
    assert proc.stdout.count("[not taken:") == 1
    batch = parse_annotations(proc.stdout)
    first, second = batch.annotations
    assert second.screenshot == "" and second.screenshot_error == TOO_WIDE_CROP
    # The other crop, the page screenshots and the .md file are all there; stdout is the same Markdown.
    crop = Path(first.screenshot)
    assert crop.name.endswith("-a1.png") and Image.open(crop).size == (116, 56)  # 100x40 + 16 px, clamped at 0,0
    assert Path(batch.screenshot).name.endswith("-annotated.png") and Path(batch.screenshot).exists()
    assert Path(batch.screenshot_clean).exists()
    assert saved_markdown(tmp_path) == proc.stdout
    assert f"pagenote: crop 2 not taken: {TOO_WIDE_CROP.replace(' — ', ': ', 1)}\n" in proc.stderr
    assert "pagenote: crop 1 " in proc.stderr


def test_a_failed_full_page_screenshot_is_named_on_the_batch_and_the_markdown_is_written(server, tmp_path):
    proc = capture(server.url("wide.html"), "--annotate", "#ok", "--note", "fits", "--full-page",
                   "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 4, proc.stderr
    assert proc.stdout.startswith(f"# Web page annotations: 1\n\nScreenshot: [not taken: {TOO_WIDE}]\n"
                                  f"Trust: {TRUST_TEXT}\n\n## Annotation 1\nNote: fits\n")
    batch = parse_annotations(proc.stdout)
    assert batch.screenshot == "" and batch.screenshot_error == TOO_WIDE and batch.screenshot_clean == ""
    assert saved_markdown(tmp_path) == proc.stdout
    assert not list((tmp_path / "shots").glob("*.png"))


def test_the_window_records_a_failed_crop_on_its_annotation(window, server):
    window.load_page(server.url("wide.html"))
    for selector in ("#ok", "#wide"):
        found = window.page_call("select", selector)
        window.tab.annotator.pin(found["id"], ElementRecord.model_validate(found["record"]))
    assert window.run(window.element_crops()) == 1
    first, second = window.batch().annotations
    assert first.screenshot.endswith("-a1.png") and Path(first.screenshot).exists()
    reason = second.screenshot_error
    assert reason == TOO_WIDE_CROP
    assert f"Selector: #wide\nLocators: text=\"too wide to crop\"; css=#wide; xpath=/html/body/div[2]\n" \
           in encode_annotations(window.batch())
    assert f"\nScreenshot: [not taken: {reason}]\n" in encode_annotations(window.batch())
    # A later crop that works replaces the failure (and the reverse).
    window.session.set_screenshot(window.session.pins[1].id, "/p/x-a2.png")
    assert window.batch().annotations[1].screenshot_error == ""
    assert window.batch().annotations[1].screenshot == "/p/x-a2.png"


# --- §8: the user's words are never cut silently -------------------------------------------------------------


def test_capture_keeps_a_50000_character_note_whole_and_warns_about_a_cut_one(server, tmp_path):
    whole = ("fifty thousand " * 3334)[:50_000].strip()
    over = "o" * (NOTE_CAP + 1000)
    proc = capture(server.url("colors.html"), "--annotate", "#red", "--note", whole, "--annotate", "#green",
                   "--note", over, "--no-screenshot", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == EXIT_OK, proc.stderr
    assert f"## Annotation 1\nNote:\n```\n{whole}\n```\n" in proc.stdout
    batch = parse_annotations(proc.stdout)
    assert batch.annotations[0].note == whole
    assert batch.annotations[1].note == "o" * (NOTE_CAP - len("\n[truncated]")) + "\n[truncated]"
    assert saved_markdown(tmp_path) == proc.stdout
    assert (f"pagenote: warning: annotation 2's note has {NOTE_CAP + 1000:,} characters; the batch cuts it to "
            f"{NOTE_CAP:,}, ending in a [truncated] line\n") in proc.stderr
    assert "annotation 1's note" not in proc.stderr


def test_session_batch_encode_parse_keeps_long_notes_and_summary():
    session = Session()
    note = "line one\n" + "x" * 49_990
    session.add("e1", ElementRecord(tag="p"), note=note, page="http://h/a")
    session.set_summary("s" * 20_000)
    batch = session.batch()
    assert batch.annotations[0].note == note and batch.summary == "s" * 20_000
    assert session.cut_notes() == []
    text = encode_annotations(batch)
    assert parse_annotations(text) == batch
    # A note edited later is measured again.
    session.set_note("e1", "y" * (NOTE_CAP + 5))
    assert session.cut_notes() == [f"annotation 1's note has {NOTE_CAP + 5:,} characters; the batch cuts it to "
                                   f"{NOTE_CAP:,}, ending in a [truncated] line"]
    session.set_note("e1", "short")
    assert session.cut_notes() == []


# --- §9: screenshots belong to their pages -------------------------------------------------------------------


def test_session_lists_each_pages_latest_screenshot_never_one_page_for_the_batch():
    session = Session()
    session.add("a1", ElementRecord(tag="p"), page="http://h/a")
    # One page: its screenshot is the batch's; a screenshot of a page without annotations is not listed.
    assert session.batch(page_shots={"http://h/a": ("/s/a-annotated.png", "/s/a.png")}).screenshot == \
        "/s/a-annotated.png"
    only_b = session.batch(page_shots={"http://h/a": ("/s/a.png", ""), "http://h/b": ("/s/b.png", "")})
    assert (only_b.screenshot, only_b.screenshot_clean) == ("/s/a.png", "")
    assert session.batch(page_shots={"http://h/b": ("/s/b.png", "")}).screenshot == ""
    # Two pages: no batch screenshot; each annotation names its own page's.
    session.add("b1", ElementRecord(tag="p"), page="http://h/b")
    session.add("a2", ElementRecord(tag="p"), page="http://h/a")
    batch = session.batch(page_shots={"http://h/a": ("/s/a-annotated.png", "/s/a.png"),
                                      "http://h/b": ("/s/b.png", "")})
    assert batch.screenshot == "" and batch.screenshot_clean == ""
    assert [(a.page_screenshot, a.page_screenshot_clean) for a in batch.annotations] == [
        ("/s/a-annotated.png", "/s/a.png"), ("/s/b.png", ""), ("/s/a-annotated.png", "/s/a.png")]
    text = encode_annotations(batch)
    assert text.startswith(f"# Web page annotations: 3\n\nTrust: {TRUST_TEXT}\n\n## Annotation 1\nTag: p\n"
                           "Page screenshot: /s/a-annotated.png\nPage screenshot (clean): /s/a.png\n\n"
                           "## Annotation 2\nTag: p\nPage screenshot: /s/b.png\n\n")
    assert parse_annotations(text) == batch
    # No screenshot yet of a page: its annotations have no line.
    assert session.batch(page_shots={"http://h/b": ("/s/b.png", "")}).annotations[0].page_screenshot == ""


def test_the_window_keeps_each_pages_latest_screenshot_with_its_annotations(window, server):
    def pin(selector: str) -> None:
        found = window.page_call("select", selector)
        window.tab.annotator.pin(found["id"], ElementRecord.model_validate(found["record"]))

    window.load_page(server.url("colors.html"))
    pin("#green")
    shot_a = window.run(window.screenshot())
    assert shot_a.name.endswith("-annotated.png")
    window.load_page(server.url("record.html"))
    shot_b_plain = window.run(window.screenshot())
    # Every annotation is on colors.html: record.html's screenshot is not the batch's.
    assert window.batch().screenshot == str(shot_a)
    assert window.tab.capture.last_shot == str(shot_b_plain)  # the window's "Copy path" is the latest one
    pin("button.primary")
    shot_b = window.run(window.screenshot())
    batch = window.batch()
    assert batch.screenshot == "" and batch.screenshot_clean == ""
    a, b = batch.annotations
    assert a.page_screenshot == str(shot_a) and b.page_screenshot == str(shot_b) and shot_b != shot_b_plain
    assert Path(a.page_screenshot_clean).exists() and Path(b.page_screenshot_clean).exists()
    text = encode_annotations(batch)
    assert f"Page screenshot: {shot_a}\n" in text and f"Page screenshot: {shot_b}\n" in text
    assert "\nScreenshot: " not in text
    # The Markdown is the default detail level: the batch as that level writes it reads back whole.
    assert parse_annotations(text) == restrict(batch, DEFAULT_LEVEL)
    # Back on the first page, a new screenshot replaces that page's only.
    window.load_page(server.url("colors.html"))
    shot_a2 = window.run(window.screenshot())
    a, b = window.batch().annotations
    assert a.page_screenshot == str(shot_a2) != str(shot_a) and b.page_screenshot == str(shot_b)
    # Send/Clear forgets them.
    window.clear()
    assert window.tab.capture.shots == {} and window.batch().screenshot == ""


def test_the_window_says_when_a_note_is_cut(window, server):
    """Copy (through the toolbar's export path) warns in the status bar when a note is over the cap."""
    from app.core.policy import NOTE_CAP
    from app.model import ElementRecord

    window.load_page(server.url("counters.html"))
    found = window.page_call("select", "#target")
    window.session.add(found["id"], ElementRecord.model_validate(found["record"]), "x" * (NOTE_CAP + 10))
    window.run(window.export("copy"))
    text = window.status_label.text()
    assert text.startswith("Copied 1 annotation(s)") and "1 note(s) over 64,000 characters cut" in text
    window.session.set_note(found["id"], "short")
    window.run(window.export("copy"))
    assert "cut" not in window.status_label.text()


def test_an_over_wide_crop_spoils_no_other_crop_and_a_banner_is_cropped(server, tmp_path):
    """Crops that need more than the viewport capture only their own region: the 250,000 px document does not
    make every later crop CAPTURE_TOO_LARGE, and an element as wide as the view (wider with its margin) is
    cropped."""
    proc = capture(server.url("wide-mixed.html"), "--annotate", "#wide", "--annotate", "#small", "--annotate",
                   "#banner", "--crops", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == EXIT_CAPTURE_FAILED, proc.stderr
    wide, small, banner = parse_annotations(proc.stdout).annotations
    assert wide.screenshot_error.startswith("CAPTURE_TOO_LARGE — the region is 250000x72 CSS px")
    assert Image.open(small.screenshot).size == (43 + 16, 19 + 16)      # margin clamped at the document's 0,0
    image = Image.open(banner.screenshot).convert("RGB")
    assert image.height == 38 + 16 + 16 and image.width >= 1280          # the banner's full width, and margins
    assert image.getpixel((image.width // 2, 16 + 19)) == (0x2E, 0x8B, 0x57)
