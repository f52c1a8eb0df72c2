"""Open in editor with a hostile page's source hint: a relative hint is a path inside ``[editor] root`` (the
project it is relative to), so ``..`` steps cannot walk a page's hint out to the user's other files."""

from __future__ import annotations

import pytest

from app.runtime.editor import EditorRefused, SourcePlace, plan_launch, source_place


@pytest.fixture
def layout(tmp_path):
    root = tmp_path / "home" / "me" / "shop"
    (root / "src").mkdir(parents=True)
    (root / "src" / "App.vue").write_text("<template/>\n")
    secret = tmp_path / "home" / "me" / ".bashrc"
    secret.write_text("export TOKEN=hunter2\n")
    return root, secret


@pytest.mark.parametrize("hint", [
    "(vue) ../.bashrc:1",
    "(svelte) src/../../.bashrc",
    "App (react) ./src/../../../me/.bashrc:3:1",
])
def test_a_relative_hint_cannot_climb_out_of_the_root(layout, hint):
    root, _ = layout
    with pytest.raises(EditorRefused, match="outside"):
        plan_launch(hint, command="code", root=str(root), env={})


def test_a_relative_hint_inside_the_root_still_opens(layout):
    root, _ = layout
    assert source_place("(vue) src/../src/App.vue:4", root) == SourcePlace((root / "src" / "App.vue").resolve(), 4)
