"""The MCP tool records by domain (:class:`app.mcp.tool.ToolDefinition`); :data:`ALL_TOOLS` is what
:func:`app.mcp.server.build_server` registers, in the order ``tools/list`` shows them."""

from __future__ import annotations

from app.mcp.tool import ToolDefinition
from app.mcp.tools.annotate import TOOLS as ANNOTATE_TOOLS
from app.mcp.tools.annotations import TOOLS as ANNOTATION_TOOLS
from app.mcp.tools.browser import TOOLS as BROWSER_TOOLS
from app.mcp.tools.browser_actions import TOOLS as ACTION_TOOLS
from app.mcp.tools.devices import TOOLS as DEVICE_TOOLS
from app.mcp.tools.emulation import TOOLS as EMULATION_TOOLS
from app.mcp.tools.forms import TOOLS as FORM_TOOLS
from app.mcp.tools.freeze import TOOLS as FREEZE_TOOLS
from app.mcp.tools.page import TOOLS as PAGE_TOOLS
from app.mcp.tools.page_context import TOOLS as CONTEXT_TOOLS
from app.mcp.tools.performance import TOOLS as PERFORMANCE_TOOLS
from app.mcp.tools.screenshots import TOOLS as SCREENSHOT_TOOLS
from app.mcp.tools.snapshot import TOOLS as SNAPSHOT_TOOLS
from app.mcp.tools.verify import TOOLS as VERIFY_TOOLS
from app.mcp.tools.waits import TOOLS as WAIT_TOOLS

#: Every tool, in listing order: annotations (4), screenshots (2), page (2), freeze (1), browser (7), snapshot (1), page
#: context (2), actions by ref, dialogs, find and extract (11), devices (6), emulation (2), performance (3).
ALL_TOOLS: tuple[ToolDefinition, ...] = (*ANNOTATION_TOOLS, *SCREENSHOT_TOOLS, *PAGE_TOOLS, *FREEZE_TOOLS, *BROWSER_TOOLS,
                                         *SNAPSHOT_TOOLS,
                                         *CONTEXT_TOOLS, *ACTION_TOOLS, *FORM_TOOLS, *DEVICE_TOOLS, *EMULATION_TOOLS,
                                         *PERFORMANCE_TOOLS, *ANNOTATE_TOOLS)  # browser_annotate (1)
ALL_TOOLS = (*ALL_TOOLS, *WAIT_TOOLS)  # browser_wait_for (1)
ALL_TOOLS = (*ALL_TOOLS[:len(ANNOTATION_TOOLS)], *VERIFY_TOOLS, *ALL_TOOLS[len(ANNOTATION_TOOLS):])  # verify_annotations (1)

# Opt-in groups (``pagenote mcp --caps=…``, Playwright MCP's names): listed only when asked for.
from app.mcp.tools.caps_network import TOOLS as _NETWORK_CAPS  # noqa: E402
from app.mcp.tools.caps_storage import TOOLS as _STORAGE_CAPS  # noqa: E402
from app.mcp.tools.caps_testing import TOOLS as _TESTING_CAPS  # noqa: E402

#: The opt-in groups by name: testing (5), storage (15), network (3).
CAPS: dict[str, tuple[ToolDefinition, ...]] = {"testing": _TESTING_CAPS, "storage": _STORAGE_CAPS,
                                               "network": _NETWORK_CAPS}

# Playwright MCP's ``devtools`` group holds its browser_annotate: accepted, adds nothing (pagenote lists it always).
from app.mcp.tools.annotate import CAPS as _ANNOTATE_CAPS  # noqa: E402

CAPS.update(_ANNOTATE_CAPS)
