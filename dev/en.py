"""English plural forms for pagenote's ``%n`` strings (the translator's working file for
resources/i18n/pagenote_en.ts): ``python dev/en.py`` after dev/update_translations.sh writes the singular and
plural of every numerus message — ``annotation(s)`` → ``annotation`` / ``annotations`` — and leaves every
other message untranslated (the source text is the English). Verbs that agree with the count are in
:data:`AGREE`."""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

#: Words after ``(s)`` that change with the count: plural → singular.
AGREE = {"have": "has", "are": "is", "were": "was"}
#: Pronouns that refer back to the counted things: plural → singular.
PRONOUNS = {"them": "it", "they": "it"}

PLURAL = re.compile(r"(\w+)\((s|es)\)")


def forms(source: str) -> tuple[str, str]:
    """``(singular, plural)`` of a ``%n`` source text."""
    singular = PLURAL.sub(lambda m: m.group(1), source)
    plural = PLURAL.sub(lambda m: m.group(1) + m.group(2), source)
    for many, one in AGREE.items():
        singular = re.sub(rf"(\w+\)? ){many}\b", lambda m, one=one: m.group(1) + one, singular)
    for many, one in PRONOUNS.items():
        singular = re.sub(rf"\b{many}\b", one, singular)
    return singular, plural


def apply(ts: Path) -> list[str]:
    """Write the plural forms into ``ts``; returns numerus sources without ``(s)`` (to be worded by hand)."""
    tree = ET.parse(ts)
    odd = []
    for message in tree.getroot().iter("message"):
        if message.get("numerus") != "yes":
            continue
        source = message.find("source").text or ""
        if not PLURAL.search(source):
            odd.append(source)
            continue
        translation = message.find("translation")
        translation.attrib.pop("type", None)
        for child in list(translation):
            translation.remove(child)
        translation.text = None
        for text in forms(source):
            ET.SubElement(translation, "numerusform").text = text
    with open(ts, "wb") as f:
        f.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(f, encoding="utf-8", xml_declaration=False)
    return odd


if __name__ == "__main__":
    left = apply(Path(__file__).resolve().parents[1] / "resources" / "i18n" / "pagenote_en.ts")
    for source in left:
        print(f"no plural form: {source!r}", file=sys.stderr)
    sys.exit(1 if left else 0)
