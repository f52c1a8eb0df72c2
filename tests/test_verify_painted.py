"""A verification lists only style changes that can paint (app/model/painted.py): the colour of an outline, a
border side or a column rule that is not drawn, or of a text decoration without a line, is no change — the
trial listed ``outline: rgb(34, 34, 34) none 0px → rgb(255, 255, 255) none 0px`` after a text colour change,
because outline-color follows currentColor. Unit tests on records, and one real page on 127.0.0.1."""

from __future__ import annotations

from app.model.annotation import ElementRecord
from app.model.verification import Change, record_changes

from test_verify_annotations import CSS, changes, client, pin_and_send, site, verify  # noqa: F401  (fixtures)

BOX = "margin 0 0 0 0; border {0} {0} {0} {0}; padding 4 8 4 8; content 80x20"


def lines(before: dict, after: dict, border: tuple[str, str] = ("0", "0")) -> list[str]:
    """The change lines from a record with ``before``'s styles (and a ``color``) to one with ``after``'s."""
    def record(styles: dict, width: str) -> ElementRecord:
        color = styles.pop("color", "rgb(34, 34, 34)")
        return ElementRecord(tag="button", color=color, box_model=BOX.format(width),
                             styles="; ".join(f"{k}: {v}" for k, v in styles.items()))
    return [c.line() for c in record_changes(record(dict(before), border[0]), record(dict(after), border[1]))]


def test_an_outline_that_is_not_drawn_does_not_change_with_the_text_colour():
    # The trial's case: color #222 → #fff, the outline's colour follows currentColor, its style is none.
    assert lines({"outline": "rgb(34, 34, 34) none 0px"},
                 {"color": "rgb(255, 255, 255)", "outline": "rgb(255, 255, 255) none 0px"}) == [
        "color: rgb(34, 34, 34) → rgb(255, 255, 255)"]
    # A width set while the style stays none: still nothing drawn (CSS UI 4: the computed width is then 0).
    assert lines({"outline": "rgb(34, 34, 34) none 0px"}, {"outline": "rgb(34, 34, 34) none 3px"}) == []
    # Drawn (solid, 2px): its colour is a change; so is one that starts to be drawn.
    assert lines({"outline": "rgb(34, 34, 34) solid 2px"}, {"outline": "rgb(255, 0, 0) solid 2px"}) == [
        "outline: rgb(34, 34, 34) solid 2px → rgb(255, 0, 0) solid 2px"]
    assert lines({"outline": "rgb(34, 34, 34) none 0px"}, {"outline": "rgb(34, 34, 34) solid 2px"}) == [
        "outline: rgb(34, 34, 34) none 0px → rgb(34, 34, 34) solid 2px"]
    # Solid but 0 wide: nothing drawn.
    assert lines({"outline": "rgb(34, 34, 34) solid 0px"}, {"outline": "rgb(9, 9, 9) solid 0px"}) == []


def test_a_border_colour_counts_only_on_sides_that_are_drawn():
    none = {"border-style": "none", "border-color": "rgb(34, 34, 34)"}
    assert lines(none, {**none, "border-color": "rgb(255, 255, 255)"}) == []
    solid = {"border-style": "solid", "border-color": "rgb(34, 34, 34)"}
    assert lines(solid, {**solid, "border-color": "rgb(255, 255, 255)"}, border=("1", "1")) == [
        "border-color: rgb(34, 34, 34) → rgb(255, 255, 255)"]
    # Solid but 0 wide on every side (border-width: 0): nothing drawn.
    assert lines(solid, {**solid, "border-color": "rgb(255, 255, 255)"}, border=("0", "0")) == []
    # Only the bottom drawn: a colour change of the left side alone is no change; of the bottom, one.
    sides = {"border-style": "none none solid", "border-color": "rgb(1, 1, 1)"}
    assert lines(sides, {**sides, "border-color": "rgb(1, 1, 1) rgb(1, 1, 1) rgb(1, 1, 1) rgb(2, 2, 2)"},
                 border=("1", "1")) == []
    assert lines(sides, {**sides, "border-color": "rgb(1, 1, 1) rgb(1, 1, 1) rgb(2, 2, 2)"},
                 border=("1", "1")) == ["border-color: rgb(1, 1, 1) → rgb(1, 1, 1) rgb(1, 1, 1) rgb(2, 2, 2)"]
    # A border that appears: its style is the change (and its width, in the box model).
    assert "border-style: none → solid" in lines(none, {**none, "border-style": "solid"}, border=("0", "2"))


def test_a_column_rule_and_a_text_decoration_that_draw_nothing_do_not_change():
    assert lines({"column-rule": "0px none rgb(34, 34, 34)"}, {"column-rule": "0px none rgb(255, 255, 255)"}) == []
    assert lines({"column-rule": "1px solid rgb(34, 34, 34)"}, {"column-rule": "1px solid rgb(255, 255, 255)"}) == [
        "column-rule: 1px solid rgb(34, 34, 34) → 1px solid rgb(255, 255, 255)"]
    plain = {"text-decoration-line": "none", "text-decoration-color": "rgb(34, 34, 34)"}
    assert lines(plain, {**plain, "text-decoration-color": "rgb(255, 255, 255)"}) == []
    assert lines({"text-decoration": "none solid rgb(34, 34, 34)"},
                 {"text-decoration": "none solid rgb(255, 255, 255)"}) == []
    underlined = {"text-decoration-line": "underline", "text-decoration-color": "rgb(34, 34, 34)"}
    assert lines(underlined, {**underlined, "text-decoration-color": "rgb(255, 0, 0)"}) == [
        "text-decoration-color: rgb(34, 34, 34) → rgb(255, 0, 0)"]


def test_other_styles_are_listed_as_before():
    assert lines({"box-shadow": "none", "cursor": "auto"}, {"box-shadow": "rgb(0, 0, 0) 0px 1px 2px 0px",
                                                           "cursor": "pointer"}) == [
        "box-shadow: none → rgb(0, 0, 0) 0px 1px 2px 0px", "cursor: auto → pointer"]
    assert Change(kind="style", name="color", before="#222222", after="#FFFFFF").line() == "color: #222222 → #FFFFFF"


def test_a_text_colour_fix_in_the_page_lists_the_colour_and_not_the_outline_or_an_undrawn_border(
        window, qtbot, site, client):
    # A button with no border and no outline: both colours follow currentColor (CSS Color 4 §currentcolor).
    undrawn = "#tint { border: 0 none currentColor; outline-color: currentColor; }\n"
    (site.folder / "verify.css").write_text(CSS + undrawn)
    batch = pin_and_send(window, qtbot, site, ["tint"])
    (site.folder / "verify.css").write_text(CSS + undrawn + "#tint { color: #c00000; }\n")
    window.load_page(site.url)
    entry = verify(client, batch, 1)["result"]["results"][0]
    found = [line.lower() for line in changes(entry)]
    assert "color: #000000 → #c00000" in found, found
    kept = window.app.hub.store.get(batch).annotations[0].verification
    assert not [line for line in found if line.startswith(("outline", "border"))], found
    assert kept is not None and entry["verification"]["changes"] == kept["changes"]
