"""Source Map v3 (app/protocol/sourcemap.py): real maps esbuild wrote (tests/data/sourcemap: a separate map and a
minified bundle with its map inline as a data: URL), the VLQ round trip, and a property: every segment of a map
built from random segments is found again by lookup, and positions between segments map to the one before."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.protocol.sourcemap import SourceMap, SourceMapError, decode_vlq, encode_vlq, map_url_of, read_data_url

DATA = Path(__file__).parent / "data" / "sourcemap"
BASE = "http://127.0.0.1:5173/src/out/"


def _position(code: str, needle: str) -> tuple[int, int]:
    """1-based line and column of the first ``needle`` in ``code``."""
    at = code.index(needle)
    return code.count("\n", 0, at) + 1, at - (code.rfind("\n", 0, at) + 1) + 1


def _source_position(needle: str) -> tuple[int, int]:
    return _position((DATA / "Card.jsx").read_text(encoding="utf-8"), needle)


@pytest.mark.parametrize("bundle", ["Card.js", "Card.min.js"])
def test_a_real_map_names_the_jsx_line_of_the_element(bundle):
    code = (DATA / bundle).read_text(encoding="utf-8")
    url = map_url_of(code, BASE + bundle)
    if bundle == "Card.js":
        assert url == BASE + "Card.js.map"
        text = (DATA / "Card.js.map").read_text(encoding="utf-8")
    else:
        assert url is not None and url.startswith("data:application/json;base64,")
        text = read_data_url(url)
    smap = SourceMap.parse(text, url if bundle == "Card.js" else BASE + bundle)
    assert smap.sources == ["http://127.0.0.1:5173/src/Card.jsx"]   # "../Card.jsx" against the map's URL
    call = "jsxDEV(" if bundle == "Card.js" else "t("   # minified: jsxDEV imported as t
    for generated, written in (('"button"', '<button id="buy"'), ('"h2"', "<h2>"), ('"section"', '<section className')):
        found = smap.lookup(*_position(code, call + generated))
        assert found is not None and (found.line, found.column) == _source_position(written), (generated, found)
    assert smap.lookup(10_000, 1) is None
    assert "sourcesContent" not in vars(smap)   # the user's sources are not kept


@given(st.integers(min_value=-(2 ** 40), max_value=2 ** 40))
def test_vlq_round_trip(n):
    assert decode_vlq(encode_vlq(n)) == [n]


_SEGMENTS = st.lists(st.lists(st.tuples(st.integers(0, 300), st.integers(0, 2), st.integers(0, 500),
                                        st.integers(0, 200)), max_size=6), min_size=1, max_size=8)


@given(_SEGMENTS)
def test_every_segment_is_found_again(lines):
    """Encode absolute segments as the spec's relative fields, then look each one up (and one column after)."""
    text, prev = [], [0, 0, 0]   # source, line, column: relative across the whole map
    expect = {}
    for i, segs in enumerate(lines):
        col, out = 0, []
        for gen_col, src, line, column in sorted({s[0]: s for s in segs}.values()):
            out.append("".join(encode_vlq(v) for v in (gen_col - col, src - prev[0], line - prev[1], column - prev[2])))
            col, prev = gen_col, [src, line, column]
            expect[(i + 1, gen_col + 1)] = (f"http://x.test/s{src}.js", line + 1, column + 1)
        text.append(",".join(out))
    smap = SourceMap.parse('{"version":3,"sources":["s0.js","s1.js","s2.js"],"mappings":"%s"}' % ";".join(text),
                           "http://x.test/app.js.map")
    for (line, column), want in expect.items():
        got = smap.lookup(line, column)
        assert (got.source, got.line, got.column) == want
        after = smap.lookup(line, column + 1)
        if (line, column + 1) not in expect:
            assert (after.source, after.line, after.column) == want   # greatest lower bound


@pytest.mark.parametrize("text", ['{"version":2,"sources":[],"mappings":""}', "not json", '{"version":3}',
                                  '{"version":3,"sources":["a"],"mappings":"A$"}',
                                  '{"version":3,"sources":["a"],"mappings":"AAAA,g"}',
                                  '{"version":3,"sources":["a"],"mappings":"AKAA"}',
                                  '{"version":3,"sections":[{"offset":{"line":0,"column":0},"map":{"version":3,"sections":[]}}]}'])
def test_bad_maps_are_refused(text):
    with pytest.raises(SourceMapError):
        SourceMap.parse(text, "http://x.test/a.map")


def test_an_index_map_offsets_its_sections():
    section = '{"version":3,"sources":["b.js"],"mappings":"AAAA"}'
    smap = SourceMap.parse('{"version":3,"sections":[{"offset":{"line":2,"column":4},"map":%s},'
                           '{"offset":{"line":9,"column":0},"url":"elsewhere.map"}]}' % section, "http://x.test/a.map")
    assert smap.lookup(3, 5).source == "http://x.test/b.js" and smap.lookup(3, 4) is None
    assert smap.missing_sections == 1
