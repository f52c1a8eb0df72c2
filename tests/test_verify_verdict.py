"""The verification's text as an agent reads it (app/model/verification.py): a position change that the element's
own size change explains (centred, right-aligned) says so and is not counted as a move; the pixel share says
what it measures; CSS px keep their two decimals on a long page. Unit tests, and one real page on 127.0.0.1."""

from __future__ import annotations

from app.model.annotation import ElementRecord
from app.model.verification import PixelDiff, Verification, record_changes

from test_verify_annotations import CSS, changes, client, pin_and_send, site, verify  # noqa: F401  (fixtures)


def record(x: float, y: float, width: float, height: float) -> ElementRecord:
    return ElementRecord(tag="button", rect={"x": x, "y": y, "width": width, "height": height})


def text(before: ElementRecord, after: ElementRecord, percent: float = 12.5) -> list[str]:
    pixels = PixelDiff(changed_percent=percent, changed_pixels=1, total_pixels=8, regions=1, before_size=(1, 1),
                       after_size=(1, 1))
    return Verification(batch="b", annotation=2, status="exact", checked_at="t", pixels=pixels,
                        changes=record_changes(before, after)).lines()


def test_a_centred_element_that_grew_moved_only_with_its_own_size():
    assert text(record(141.66, 40, 142.42, 31), record(133.66, 32, 158.42, 47)) == [
        "Annotation 2: changed (exact; 2 size changes; 12.5 % of pixels differ)",
        "- width: 142.42px → 158.42px", "- height: 31px → 47px",
        "- x: 141.66px → 133.66px (centred: follows its width change)",
        "- y: 40px → 32px (centred: follows its height change)"]


def test_a_right_aligned_element_follows_its_width_and_a_pushed_one_moved():
    assert text(record(300, 40, 100, 31), record(284, 40, 116, 31))[2:] == [
        "- x: 300px → 284px (right-aligned: follows its width change)"]
    # The trial's second button: its neighbour grew, so it moved right — a move of its own, counted.
    pushed = text(record(141.66, 40, 142.42, 31), record(157.66, 40, 158.42, 31))
    assert pushed[0] == "Annotation 2: changed (exact; 1 size change; 1 position change; 12.5 % of pixels differ)"
    assert pushed[2] == "- x: 141.66px → 157.66px"


def test_positions_on_a_long_page_keep_two_decimals_and_an_empty_note_stays_out_of_the_json():
    lines = text(record(10, 12345.67, 50, 20), record(10, 12400.5, 50, 20))
    assert lines[1] == "- y: 12345.67px → 12400.5px"
    kept = Verification(batch="b", annotation=1, status="exact", checked_at="t",
                        changes=record_changes(record(10, 10, 50, 20), record(10, 10, 60, 20))).model_dump(mode="json")
    assert kept["changes"] == [{"kind": "size", "name": "width", "before": "50px", "after": "60px"}]
    assert Verification.model_validate(kept).changes[0].note == ""


def test_a_centred_button_given_more_padding_in_the_page_is_not_said_to_have_moved(window, qtbot, site, client):
    centred = "#pad { left: 60px; transform: translateX(-50%); }\n"   # still under the click at (50, 50)
    (site.folder / "verify.css").write_text(CSS + centred)
    batch = pin_and_send(window, qtbot, site, ["pad"])
    (site.folder / "verify.css").write_text(CSS + centred + "#pad { padding: 4px 16px; }\n")
    window.load_page(site.url)
    answer = verify(client, batch, 1)
    assert "result" in answer, answer
    entry = answer["result"]["results"][0]
    found = changes(entry)
    assert "padding: 4px 8px → 4px 16px" in found, found
    assert [line for line in found if line.startswith("x: ")][0].endswith("(centred: follows its width change)")
    assert "position change" not in entry["text"].splitlines()[0], entry["text"]
