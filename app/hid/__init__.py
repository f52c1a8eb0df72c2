"""Device I/O for pages: WebHID and Web Serial backed by the host's device libraries (hidapi, pyserial),
virtual devices for hardware-free runs, and a traffic log taken at the library boundary.

==================  ======================================================================================
module              job
==================  ======================================================================================
``descriptor``      HID report descriptor bytes → WebHID ``HIDCollectionInfo`` dicts (no Qt)
``blocklist``       Chromium's WebHID blocklist: protected report ids, excluded devices (no Qt)
``backend``         the backend interface and the hidapi backend (reads on worker threads)
``virtual``         the virtual HID device (descriptor, reply script, hot-plug) behind the same interface
``traffic``         the host's traffic log (ground truth at the library boundary), text and JSON Lines
``service``         one per lease: devices, grants per origin, the chooser request, open connections
``page``            one per tab: the page channel (doorbell + per-frame pull), requests → service → events
``page_js/``        the main-world script that implements ``navigator.hid`` / ``navigator.serial``
==================  ======================================================================================
"""
