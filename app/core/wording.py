"""Small rules of English wording for generated messages (agent text, errors), defined once."""

from __future__ import annotations

import re

#: Words whose first letter is a vowel but whose sound is not, and the reverse (checked lowercase, whole word).
_SAYS_A = frozenset({"one", "once", "unique", "unit", "url", "use", "user", "usb", "utf-8"})
_SAYS_AN = frozenset({"hour", "honest", "html", "svg", "xml", "mp3", "mp4", "rgb", "h1", "h2", "h3", "h4", "h5",
                      "h6", "hr", "li", "nav", "ol"})


def a_or_an(word: str) -> str:
    """``word`` after its indefinite article: ``"an alert"``, ``"a confirm"``, ``"an img"``, ``"an 8-row"``,
    ``"a user"``. Rule: "an" before a vowel sound — a vowel letter, a digit read with a vowel (8, 11, 18, 80…),
    or a listed word spelled letter by letter (``html``, ``svg``); "a" otherwise and for the listed words
    whose vowel letter is read as a consonant (``user``, ``one``). ``word`` is a single word or starts with one
    (its first word decides); an empty ``word`` gets "a"."""
    head = word.split(" ", 1)[0].lower()
    first = head.split("-", 1)[0]
    if head in _SAYS_A or first in _SAYS_A:
        return f"a {word}"
    if head in _SAYS_AN or first in _SAYS_AN:
        return f"an {word}"
    if first[:1].isdigit():
        digits = re.match(r"[\d,]*", first).group().replace(",", "")
        # 8, 80-89, 800…: "eight…"; 11 and 18 (and 11,000 / 18,000…) by their spoken group of three.
        group = len(digits) % 3 or 3
        spoken = digits[:group]
        return f"{'an' if digits[0] == '8' or spoken in ('11', '18') else 'a'} {word}"
    return f"{'an' if first[:1] in tuple('aeiou') else 'a'} {word}"
