"""The CDP commands a tab's :class:`~app.webview.cdp.CdpSession` may send (issue 26, requirement 1: "commands the
session may send are an allow-list in one place; no agent tool forwards arbitrary CDP"). The session refuses any
other with ``CDP_NOT_ALLOWED`` before anything is sent; :mod:`app.webview.cdp` re-exports the set."""

from __future__ import annotations

#: The one allow-list of CDP commands the session may send (issue 26: "an allow-list in one place"). Each
#: feature adds the commands it needs here, with the requirement it serves.
ALLOWED_METHODS: frozenset[str] = frozenset({
    # the session itself and console (req. 1, 2). Not Runtime.evaluate: the app never runs script over the
    # session (page script goes through QWebEnginePage.runJavaScript in pagenote's own world), so the most
    # powerful command stays off the list; tests and bench/ add it for their probes.
    "Runtime.enable", "Runtime.getProperties", "Log.enable", "Debugger.setSkipAllPauses",
    # network (req. 3)
    "Network.enable", "Network.getResponseBody", "Network.emulateNetworkConditions",
    # emulation (req. 4)
    "Emulation.setDeviceMetricsOverride", "Emulation.clearDeviceMetricsOverride", "Emulation.setEmulatedMedia",
    "Emulation.setCPUThrottlingRate", "Emulation.setTouchEmulationEnabled", "Page.getLayoutMetrics",
    "Page.captureScreenshot",  # viewport only, at an emulated device's DPR (app.capture.device_shot)
    # performance (req. 5)
    "Tracing.start", "Tracing.end", "Page.enable", "Page.reload", "PerformanceTimeline.enable", "DOM.describeNode",
    # opt-in storage (issue 27, req. 6): the cookies one page URL sends, in the tab's own profile (never
    # Storage.getCookies or Network.getAllCookies: every cookie of the profile); app.agent.storage scopes them
    "Network.getCookies", "Network.setCookie", "Network.deleteCookies",
    # opt-in network mocking (issue 27, req. 6): routes answered from pagenote (app.agent.routes)
    "Fetch.enable", "Fetch.disable", "Fetch.fulfillRequest", "Fetch.continueRequest",
    # file choosers held for the agent (issue 27, req. 1; app.webview.file_chooser): intercept, then set the
    # checked files on the one input that opened the chooser
    "Page.setInterceptFileChooserDialog", "DOM.setFileInputFiles",
    # the CSS: block (issue 29, req. 2; app.webview.css_rules): the rules matching an annotated element, found
    # by its selector (matched, never run) and read; nothing is changed in the page
    "DOM.enable", "CSS.enable", "DOM.getDocument", "DOM.querySelector", "CSS.getMatchedStylesForNode",
    "DOM.pushNodesByBackendIdsToFrontend",  # an iframe's document (same process), to look in it
})
