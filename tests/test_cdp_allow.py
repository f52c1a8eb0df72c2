"""The CDP session's one allow-list (app/webview/cdp_allow.py): the app's session refuses a command outside it
before anything is sent — Runtime.evaluate (script in the page's main world) included: the app never needs it."""

from __future__ import annotations

import pytest

from app.core.errors import PagenoteError
from app.webview.cdp_allow import ALLOWED_METHODS


@pytest.mark.parametrize("method", ["Runtime.evaluate", "Runtime.callFunctionOn", "Browser.close", "Target.createTarget",
                                    "Page.navigate", "Network.getAllCookies", "Storage.getCookies",
                                    "Network.clearBrowserCookies", "Fetch.getResponseBody"])
def test_commands_off_the_list_are_refused_before_anything_is_sent(window, server, method):
    window.load_page(server.url("spa.html"))
    assert method not in ALLOWED_METHODS
    with pytest.raises(PagenoteError) as caught:
        window.run(window.tab.cdp.send(method, {}))
    assert caught.value.name == "CDP_NOT_ALLOWED"
    assert not window.tab.cdp.is_attached  # refused before the session even attached
