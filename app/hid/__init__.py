"""Device I/O for pages: WebHID and Web Serial backed by the host's device libraries (hidapi, pyserial),
virtual devices for hardware-free runs, and a traffic log taken at the library boundary.

==================  ======================================================================================
module              job
==================  ======================================================================================
``descriptor``      HID report descriptor bytes → WebHID ``HIDCollectionInfo`` dicts (no Qt)
``blocklist``       Chromium's WebHID blocklist: protected report ids, excluded devices (no Qt)
``script``          the virtual devices' reply scripts: patterns, replies computed from the request (no Qt)
``codec``           checksums (sum8, xor8, CRC-16/CCITT, CRC-32) and SLIP framing for computed replies (no Qt)
``traffic``         the host's traffic log (ground truth at the library boundary), text and JSON Lines (no Qt)
``backend``         the HID backend interface and the hidapi backend
``virtual``         the virtual HID device (descriptor, reply script, hot-plug) behind the same interface
``serial_backend``  serial ports: pyserial's list and virtual ports on pseudo-terminals
``filters``         the chooser's WebHID / Web Serial filters (no Qt)
``service``         one per lease: devices, grants per origin, chooser requests, connections, reader threads
``setup``           ``--hid-backend`` values → backends → a service
``page``            one per tab: the page channel (doorbell + per-frame pull), answers and events batched
``doc``             a document the channel serves; the DOMException a call ends with
``hid_ops``         the ``navigator.hid`` operations, hot-plug and revocation events
``serial_page``     the ``navigator.serial`` operations, port reader threads, events
``page_js/``        the main-world script: ``navigator.hid``, ``navigator.serial``, ``window.__hidLog``
==================  ======================================================================================
"""
