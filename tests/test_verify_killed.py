"""Issue 31, requirement 5 ("nothing lost") on a machine that kills the app: ``pagenote serve`` killed with
SIGKILL while verifications of a sent batch are under way leaves a store that loads — every sent batch's JSON and
``before.json`` whole, the kept verification's pictures on disk — and the restarted app verifies the batch again.
A real ``pagenote serve`` process on a real page served on 127.0.0.1; the agent socket from a plain client."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from conftest import poll_until
from test_verify_hostile import Site
from test_verify_annotations import CSS, PAGE

from app.model.annotation import Annotation, AnnotationBatch, ElementRecord
from app.protocol.markdown import encode_annotations

ROOT = Path(__file__).resolve().parents[1]


class Serve:
    """``pagenote serve URL --out project`` with its socket in a short private dir; a blocking line client."""

    def __init__(self, url: str, project: Path, folder: Path) -> None:
        from app.agent.paths import is_live

        self.sock_path = folder / "a.sock"
        env = {**os.environ, "PAGENOTE_SOCKET": str(self.sock_path), "QT_QPA_PLATFORM": "offscreen"}
        self.log = folder / "serve.log"
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "app", "serve", url, "--out", str(project)], env=env,
                                         cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        poll_until(lambda: is_live(self.sock_path) or self.proc.poll() is not None, 60, "the agent socket")
        assert self.proc.poll() is None, self.log.read_text()
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(str(self.sock_path))
        self.sock.settimeout(120)   # the app answers every request within its own deadlines
        self.file = self.sock.makefile("rb")
        self.ids = iter(range(1, 10_000))

    def request(self, method: str, params: dict) -> None:
        message = {"jsonrpc": "2.0", "id": next(self.ids), "method": method, "params": params, "protocol_version": 1}
        self.sock.sendall((json.dumps(message) + "\n").encode())

    def answer(self) -> dict:
        line = self.file.readline()
        assert line, self.log.read_text(errors="replace")
        return json.loads(line)

    def call(self, method: str, params: dict) -> dict:
        self.request(method, params)
        return self.answer()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self.sock.close()


@pytest.fixture
def short_dir():
    folder = Path(tempfile.mkdtemp(prefix="pn", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _kept_before(project: Path, batch: str) -> None:
    """What a pin in the window keeps at Send (app.tabs.before_crops): the button #pad's crop, 16 CSS px around
    its box, and before.json describing it. The app never pinned it (the batch came over the socket)."""
    folder = project / "annotations" / "sent" / batch
    folder.mkdir(parents=True)
    image = Image.new("RGB", (80, 60), "white")
    ImageDraw.Draw(image).rectangle((16, 16, 55, 39), fill="#eeeeee", outline="#333333")
    image.save(folder / "a1-before.png")
    (folder / "before.json").write_text(json.dumps({"1": {
        "path": str(folder / "a1-before.png"), "scale": 1.0, "box": [16, 16, 40, 24],
        "rect": {"x": 40, "y": 40, "width": 40, "height": 24}, "dpr": 1.0, "emulated": "", "page": "",
        "kind": "element"}}))


def test_an_app_killed_mid_verification_leaves_a_store_that_loads_and_verifies_again(tmp_path, short_dir):
    from app.agent.store import BatchStore

    site = Site(tmp_path / "site", {"page.html": PAGE, "verify.css": CSS})
    project = tmp_path / "project"
    url = site.url("page.html")
    record = ElementRecord(url=url, tag="button", role="button", accessible_name="Pad", text="Pad", selector="#pad",
                           locators=("role=button[name=\"Pad\"]", "css=#pad"))
    markdown = encode_annotations(AnnotationBatch(annotations=(Annotation(note="more padding", element=record),)))
    serve = Serve(url, project, short_dir)
    try:
        sent = serve.call("annotations.send", {"markdown": markdown})
        assert "result" in sent, sent
        batch = sent["result"]["batch"]["id"] if isinstance(sent["result"]["batch"], dict) else sent["result"]["batch"]
        _kept_before(project, batch)
        first = serve.call("annotations.verify", {"batch": batch, "annotation": 1})
        assert first.get("result", {}).get("verified") == 1, first
        for _ in range(6):   # under way when the kill comes: each takes a crop, a compare and two PNG writes
            serve.request("annotations.verify", {"batch": batch, "annotation": 1})
        assert "result" in serve.answer()
    finally:
        serve.kill()
    sent_dir = project / "annotations" / "sent"
    for path in sent_dir.rglob("*.json"):
        json.loads(path.read_bytes())   # whole: written atomically
    kept = BatchStore(sent_dir).get(batch).annotations[0].verification
    assert kept is not None and all(Path(kept[name]).is_file() for name in ("before", "after", "diff"))
    with Image.open(kept["after"]) as after:
        after.load()   # a whole PNG

    serve = Serve(url, project, short_dir)
    try:
        listed = serve.call("annotations.list", {})["result"]["batches"]
        assert [b["id"] for b in listed] == [batch]
        again = serve.call("annotations.verify", {"batch": batch, "annotation": 1})
        assert again.get("result", {}).get("verified") == 1, again
    finally:
        serve.kill()
        site.close()
