"""One annotation's rounds as data (issue 31, requirement 3: "the history and the HTML review export show the
rounds, each with its before/after pictures"). No Qt, no store: :mod:`app.agent.sent_rounds` fills them from the
batch store's sent batches by following each annotation's ``follow_up`` (:class:`app.model.rounds.FollowUp`), and
:func:`app.protocol.html_export.review_html` draws them.

A *round* is one sent annotation of the thread: what the user asked there, what the agent replied, its last
verification (:class:`~app.model.verification.Verification`) and the paths of its before, after and diff
pictures. Rounds are kept oldest first; a thread's rounds map onto the annotations of the batch being exported
by annotation number (1-based): :data:`Rounds`.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from app.model.verification import Verification


class Round(BaseModel):
    """One round of an annotation's thread.

    ``number``: the round of its batch in the project (the batch's 1-based place among the sent batches, as the
    panel's "Round N" tooltip counts; ``0`` when the batch is not in the history); ``batch``/``annotation``: the
    sent batch id and the annotation's 1-based number in it; ``sent_at``: ISO 8601 UTC (``""`` unknown);
    ``note``: the user's words; ``reply``: the agent's one-line reply (to the annotation, else to its batch);
    ``status``: the agent/user status there (``pending`` … ``verified``; ``""`` unknown); ``verification``: the
    last one that completed, or ``None``; ``before``/``after``/``diff``: absolute PNG paths (``""``: none kept —
    a path whose file is gone stays, so the export can say it is missing; :mod:`app.agent.sent_rounds` sets only
    paths in the batch's folder of this project, :func:`app.model.batch_folder.kept_picture`); ``found``: ``False`` when the batch
    is not in the history and the round was rebuilt from the later round's ``Follow-up to:`` lines alone;
    ``own``: the round is the exported annotation itself (a sent batch's export), not an earlier one.
    """

    model_config = ConfigDict(frozen=True)

    number: int = 0
    batch: str
    annotation: int
    sent_at: str = ""
    note: str = ""
    reply: str = ""
    status: str = ""
    verification: Verification | None = None
    before: str = ""
    after: str = ""
    diff: str = ""
    found: bool = True
    own: bool = False


#: The rounds of a batch's annotations: annotation number (1-based) → its rounds, oldest first. An annotation
#: that continues no earlier round is absent.
Rounds = Mapping[int, tuple[Round, ...]]
