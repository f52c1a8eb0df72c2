"""Replies a virtual device computes from the request (no Qt): checksums and SLIP framing (app/hid/codec.py),
reply templates with frame ranges, lengths and checksums (app/hid/script.py), feature-report rules and several
replies per rule (app/hid/virtual.py)."""

from __future__ import annotations

import binascii
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.hid import codec
from app.hid.script import ScriptError, parse_rules, parse_template, render
from app.hid.virtual import VirtualBackend

CHECK = b"123456789"   # the CRC catalogue's check input


def test_checksums_give_the_catalogue_check_values():
    assert codec.crc16_ccitt(CHECK) == 0x29B1          # CRC-16/CCITT-FALSE
    assert codec.crc32(CHECK) == 0xCBF43926            # CRC-32 (ISO-HDLC, zlib)
    assert codec.sum8(CHECK) == sum(CHECK) % 256 == 0xDD
    assert codec.xor8(CHECK) == 0x31
    assert (codec.sum8(b""), codec.xor8(b""), codec.crc16_ccitt(b""), codec.crc32(b"")) == (0, 0, 0xFFFF, 0)


@given(st.binary(max_size=300))
def test_a_sum8_or_xor8_byte_appended_makes_the_frame_check_to_zero(data):
    assert codec.sum8(data + bytes([-codec.sum8(data) & 0xFF])) == 0
    assert codec.xor8(data + bytes([codec.xor8(data)])) == 0
    assert codec.crc32(data) == zlib.crc32(data) and codec.crc16_ccitt(data) == binascii.crc_hqx(data, 0xFFFF)


@given(st.binary(max_size=300))
def test_slip_round_trips_and_never_has_c0_inside_a_frame(packet):
    frame = codec.slip_encode(packet)
    assert frame[0] == frame[-1] == 0xC0 and 0xC0 not in frame[1:-1]
    assert codec.slip_decode(frame) == packet


@given(st.lists(st.binary(min_size=1, max_size=80), max_size=8), st.binary(max_size=40), st.integers(1, 17))
def test_a_slip_stream_in_any_chunks_gives_its_packets_in_order(packets, noise, size):
    noise = noise.replace(b"\xc0", b"")    # bytes between frames (a boot log) hold no delimiter
    stream = noise + b"".join(codec.slip_encode(p) + noise for p in packets)
    reader = codec.SlipReader()
    got = []
    for i in range(0, len(stream), size):
        got += reader.feed(stream[i:i + size])
    assert got == packets


def test_slip_escapes_and_bad_frames():
    assert codec.slip_encode(b"\xc0\xdb\x01") == bytes.fromhex("c0 db dc db dd 01 c0")
    with pytest.raises(ValueError):
        codec.slip_decode(bytes.fromhex("c0 db 01 c0"))
    assert codec.SlipReader().feed(bytes.fromhex("c0 db 01 c0 c0 02 c0 c0 c0")) == [b"\x02"]


def test_a_template_echoes_ranges_fills_lengths_and_appends_checksums():
    frame = bytes.fromhex("00 0a 04 00 00 00 00 00 00 10 00 40")
    esp = parse_template("01 $1 len16le:8 83 1d f0 00 00 00 00 00")
    assert render(esp, frame) == bytes.fromhex("01 0a 04 00 83 1d f0 00 00 00 00 00")
    assert render(parse_template("$8.. $1..2 $20..30"), frame) == bytes.fromhex("00 10 00 40 0a")
    framed = render(parse_template("aa len8 $1 $9 sum8:1"), frame)
    assert framed == bytes([0xAA, 3, 0x0A, 0x10, (3 + 0x0A + 0x10) & 0xFF])
    body = bytes.fromhex("02 31 32")
    out = render(parse_template("$0.. crc16 crc16le xor8 crc32 crc32be len32be"), body)
    c16, c32 = codec.crc16_ccitt(body), codec.crc32(body)
    assert out[:3] == body and out[3:5] == c16.to_bytes(2, "big")
    assert out[5:7] == codec.crc16_ccitt(out[:5]).to_bytes(2, "little")
    assert out[7] == codec.xor8(out[:7]) and out[8:12] == codec.crc32(out[:8]).to_bytes(4, "little")
    assert out[12:16] == codec.crc32(out[:12]).to_bytes(4, "big") and out[16:] == (0).to_bytes(4, "big")
    assert c32 != 0
    for bad in ("zz", "sum9", "$x", "len16le:a", "crc32:-1"):
        with pytest.raises(ScriptError, match="bad token"):
            parse_template(bad, "replies[0].hex")


@given(st.binary(min_size=2, max_size=60))
def test_a_computed_reply_checks_against_the_request_it_echoes(request):
    reply = render(parse_template("7e len8 $0.. crc16 sum8:1"), request)
    assert reply[1] == len(request) + 3 and reply[2:2 + len(request)] == request
    assert int.from_bytes(reply[-3:-1], "big") == codec.crc16_ccitt(reply[:-3])
    assert reply[-1] == codec.sum8(reply[1:-1])


def test_rule_errors_name_the_rule():
    with pytest.raises(ScriptError, match=r"replies\[0\]: 'to' is input or feature"):
        parse_rules([{"match": "01", "reply": {"hex": "01", "to": "output"}}])
    with pytest.raises(ScriptError, match=r"replies\[0\]: 'framing' is slip \(serial only\)"):
        parse_rules([{"match": "01", "reply": "01", "framing": "slip"}])
    with pytest.raises(ScriptError, match=r"replies\[1\].hex: bad token"):
        parse_rules([{"match": "01", "reply": "01"}, {"match": "02", "reply": "sum9"}], serial=True)
    (rule,) = parse_rules([{"match": "00 *", "reply": "01"}], serial=True, framing_default="slip")
    assert rule.framing == "slip"


PAD = bytes.fromhex("0600ff0901a10185010902150026ff007508950881028502090395089102850309049504b102c0")


def pad(replies: list) -> VirtualBackend:
    return VirtualBackend({"hid": [{"name": "Pad", "vendorId": 0x1209, "productId": 1, "descriptor": PAD.hex(),
                                    "features": {"3": "03 0c 01 00 00"}, "replies": replies}]})


def test_feature_rules_compute_what_receive_feature_report_answers():
    backend = pad([
        {"on": "get_feature", "match": "05", "reply": {"reportId": 5, "hex": "31 2e 30 sum8"}},
        {"on": "feature", "match": "03 a0 ?? *", "reply": {"reportId": 4, "to": "feature", "hex": "$2 $2 xor8"}},
        {"on": "get_feature", "match": "04 *", "reply": {"reportId": 4, "hex": "$1.. 00"}},
    ])
    conn = backend.open("virtual:0")
    assert conn.get_feature(5, 64) == bytes([5, 0x31, 0x2E, 0x30, (0x31 + 0x2E + 0x30) & 0xFF])
    assert conn.get_feature(3, 64) == bytes.fromhex("03 0c 01 00 00")         # no rule: the stored report
    assert conn.get_feature(4, 64) == bytes.fromhex("04 00")                  # nothing stored: the frame is 04
    with pytest.raises(OSError, match="no feature report 6"):
        conn.get_feature(6, 64)
    conn.send_feature(bytes.fromhex("03 a0 07"))                              # sets report 3, computes report 4
    assert conn.get_feature(3, 64) == bytes.fromhex("03 a0 07")
    assert conn.get_feature(4, 64) == bytes.fromhex("04 07 07 00 00")         # stored 04 07 07 00, then "$1.. 00"
    assert conn.read(0) is None                                               # a feature reply sends no input


def test_one_rule_sends_several_computed_input_reports_in_order():
    backend = pad([{"match": "02 a1 ?? *", "replies": [{"reportId": 1, "hex": "b1 $2 sum8"},
                                                       {"reportId": 1, "hex": "b2 $2 len8 $3.."}]}])
    conn = backend.open("virtual:0")
    conn.write(bytes.fromhex("02 a1 0c 09 08"))
    assert conn.read(1000) == bytes.fromhex("01 b1 0c bd")
    assert conn.read(1000) == bytes.fromhex("01 b2 0c 02 09 08")


TOKENS = st.sampled_from(["a1", "0c", "$0", "$3", "$1..4", "$2..", "$9..2", "len8", "len16le", "len32be:2",
                          "sum8", "xor8:1", "crc16", "crc16le", "crc32", "crc32be:3", "sum8:²", "$٣", "zz", "len8:"])


@given(st.lists(st.one_of(TOKENS, st.text(max_size=6)), max_size=12).map(" ".join), st.binary(max_size=40))
def test_any_template_text_parses_or_is_a_script_error_and_renders_for_any_frame(text, frame):
    """Scripts come from files and agents: a bad token is a ScriptError, never another exception or a crash
    on the device's thread when a frame arrives."""
    try:
        template = parse_template(text)
    except ScriptError:
        return
    assert isinstance(render(template, frame), bytes)


def test_numbers_in_rules_that_are_not_numbers_are_script_errors():
    with pytest.raises(ScriptError, match=r"replies\[0\].reportId: not a number"):
        parse_rules([{"match": "01", "reply": {"reportId": "x", "hex": "01"}}])
    with pytest.raises(ScriptError, match=r"replies\[0\].delay_ms: not a number"):
        parse_rules([{"match": "01", "reply": "01", "delay_ms": [5]}], serial=True)
