"""pagenote's user settings: one TOML file, ``settings.toml`` in the user config directory beside
``pagenote.ini`` (``~/.config/pagenote/settings.toml`` on Linux, as ``platformdirs.user_config_dir`` names it;
:func:`app.runtime.i18n.settings`), read into a pydantic model with safe defaults. A bad value never stops
pagenote: it is reported as ``file: key: reason`` and the default is used for that key.

.. code-block:: toml

    [ui]
    language = "zh_CN"          # "" follows the system
    [agent]
    evaluate = true             # agents may run JavaScript in the page
    files = false               # agents may open file: URLs (navigate, tabs.new) and upload files from outside
                                # the project directory (file.upload): local files are the user's
    [devices]
    log = false                 # the Devices dock logs traffic
    [browser]
    popups = true               # window.open / target=_blank open tabs
    downloads = false           # downloads go to the user's downloads folder (never the project)
    permissions = "deny"        # "deny" at once, or "ask" (a bar: Allow once / for this lease / Deny)
    source_hints = true
    [editor]                    # Open in editor (app/runtime/editor.py)
    url = "vscode://file/{path}:{line}:{column}"   # or command = "code"; else $VISUAL / $EDITOR
    root = ""                   # the folder relative source hints (Vue, Svelte) are under
    [export]
    detail = "standard"         # compact | standard | detailed | forensic (app/protocol/detail.py)
    [leases.session]            # per lease ("session": the window's, else a persistent lease's name, e.g. a
                                # --profile name): an optional navigation allow-list
    allowed_origins = ["http://localhost:5173"]

Migration from ``pagenote.ini`` (QSettings, earlier versions): the first time the TOML file is missing, the
keys ``ui/language``, ``agent/evaluate`` and ``devices/log`` are copied from the INI file into it; from then
on the TOML file is the only place they live. :class:`SettingsStore` keeps the ``QSettings``-style
``value(key, default)`` / ``setValue(key, value)`` calls working for those keys (``section/key`` names) and
hands other keys (window geometry such as ``window/splitter``, which is state, not a setting) to the INI file.
"""

from __future__ import annotations

import json
import logging
import tomllib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

log = logging.getLogger("pagenote.settings")

FILE_NAME = "settings.toml"
#: The INI keys copied once into the TOML file (earlier versions kept them in ``pagenote.ini``).
MIGRATED_KEYS = ("ui/language", "agent/evaluate", "devices/log")


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class UiSettings(_Section):
    language: str = ""


class AgentSettings(_Section):
    evaluate: bool = True
    files: bool = False


class DevicesSettings(_Section):
    log: bool = False


class BrowserSettings(_Section):
    popups: bool = True
    downloads: bool = False
    permissions: Literal["deny", "ask"] = "deny"
    source_hints: bool = True


class EditorSettings(_Section):
    """Open in editor (app/runtime/editor.py): a URL template, else an argv command, else $VISUAL/$EDITOR;
    ``root``: the folder relative source hints are under."""

    url: str = ""
    command: str = ""
    root: str = ""


class ExportSettings(_Section):
    """The detail level Copy, Save, Send and Export write (app/protocol/detail.py)."""

    detail: Literal["compact", "standard", "detailed", "forensic"] = "standard"


class LeaseSettings(_Section):
    allowed_origins: list[str] | None = None


class Settings(_Section):
    """The whole file. Every field has a safe default: an empty file is a valid one."""

    ui: UiSettings = UiSettings()
    agent: AgentSettings = AgentSettings()
    devices: DevicesSettings = DevicesSettings()
    browser: BrowserSettings = BrowserSettings()
    editor: EditorSettings = EditorSettings()
    export: ExportSettings = ExportSettings()
    leases: dict[str, LeaseSettings] = {}


def settings_path() -> Path:
    """``<platformdirs user config dir>/settings.toml`` (not created)."""
    from app.agent.paths import config_dir

    return config_dir() / FILE_NAME


def _drop(data: dict, loc: tuple) -> None:
    node = data
    for part in loc[:-1]:
        node = node.get(part) if isinstance(node, dict) else None
        if node is None:
            return
    if isinstance(node, dict):
        node.pop(loc[-1], None)


def parse_settings(data: dict, where: str = FILE_NAME) -> tuple[Settings, list[str]]:
    """``(settings, problems)`` from parsed TOML ``data``: each bad or unknown key is a problem
    ``"<where>: <dotted key>: <reason>"`` and falls back to its default; never raises."""
    problems: list[str] = []
    data = json.loads(json.dumps(data, default=str))  # a copy that _drop may edit
    for _ in range(50):  # each pass drops the keys pydantic named; a few passes at most
        try:
            return Settings.model_validate(data), problems
        except ValidationError as exc:
            for error in exc.errors():
                loc = tuple(error["loc"])
                problems.append(f"{where}: {'.'.join(str(p) for p in loc)}: {error['msg']}")
                _drop(data, loc)
    return Settings(), problems


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """Read ``path`` (default :func:`settings_path`). A missing file is the defaults; a file that is not TOML
    is the defaults plus a problem naming the file and the line. Never raises."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), []
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(), [f"{path}: unreadable: {exc}"]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return Settings(), [f"{path}: not TOML: {exc}"]
    return parse_settings(data, str(path))


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)  # a TOML basic string: JSON's escapes are TOML's


def settings_toml(settings: Settings) -> str:
    """``settings`` as TOML text (tables of strings, booleans and string lists; ``None`` values left out)."""
    lines: list[str] = []

    def table(name: str, fields: dict) -> None:
        rows = [f"{key} = {_toml_value(value)}" for key, value in fields.items() if value is not None]
        if rows:
            lines.extend([f"[{name}]", *rows, ""])

    data = settings.model_dump()
    for section in ("ui", "agent", "devices", "browser", "editor", "export"):
        table(section, data[section])
    for name, lease in data["leases"].items():
        table(f"leases.{json.dumps(name)}", lease)
    return "\n".join(lines)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write ``settings`` to ``path`` (default :func:`settings_path`) atomically. A file there that is not
    valid TOML is kept aside first as ``settings.toml.bad-<UTC time>``. Raises ``OSError``."""
    from app.sinks import write_atomic

    path = path or settings_path()
    if path.exists():
        try:
            tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError):
            path.replace(path.with_name(f"{path.name}.bad-{datetime.now(UTC).strftime('%Y%m%dT%H%M%SZ')}"))
    write_atomic(path, settings_toml(settings).encode())


class SettingsStore:
    """``QSettings``-style access (``value(key, default)``, ``setValue(key, value)``) over the TOML file for
    the keys the model has (``"agent/evaluate"`` is ``[agent] evaluate``), and over ``ini`` (a ``QSettings``)
    for every other key. The first use with no TOML file copies :data:`MIGRATED_KEYS` from ``ini``."""

    def __init__(self, path: Path, ini) -> None:
        self.path, self.ini = path, ini
        if not path.exists() and any(ini.contains(key) for key in MIGRATED_KEYS):
            self._migrate()
        self.settings, self.problems = load_settings(path)
        for problem in self.problems:
            log.warning("settings: %s", problem)

    def _migrate(self) -> None:
        settings = Settings()
        for key in MIGRATED_KEYS:
            if self.ini.contains(key):
                section, name = key.split("/")
                try:
                    setattr(getattr(settings, section), name, self.ini.value(key))
                except ValidationError as exc:
                    log.warning("settings: %s in %s not migrated: %s", key, self.ini.fileName(), exc)
        try:
            save_settings(settings, self.path)
            log.info("settings: %s migrated from %s", ", ".join(MIGRATED_KEYS), self.ini.fileName())
        except OSError as exc:
            log.warning("settings: could not write %s: %s", self.path, exc)

    def _field(self, key: str):
        section, _, name = key.partition("/")
        part = getattr(self.settings, section, None)
        if isinstance(part, _Section) and name in type(part).model_fields:
            return part, name
        return None, None

    def value(self, key: str, default: Any = None) -> Any:
        """The setting ``key`` (``section/name``): the model's value for its keys, else the INI file's."""
        part, name = self._field(key)
        if part is None:
            return self.ini.value(key, default)
        return getattr(part, name)

    def setValue(self, key: str, value: Any) -> None:  # noqa: N802 (QSettings' name)
        """Set ``key`` and write the file. Raises ``ValueError`` (pydantic's) for a value the model refuses."""
        part, name = self._field(key)
        if part is None:
            self.ini.setValue(key, value)
            return
        setattr(part, name, value)
        try:
            save_settings(self.settings, self.path)
        except OSError as exc:
            log.warning("settings: could not write %s: %s", self.path, exc)

    def contains(self, key: str) -> bool:
        """Whether ``key`` has a value (model keys always do)."""
        return self._field(key)[0] is not None or self.ini.contains(key)

    def fileName(self) -> str:  # noqa: N802 (QSettings' name)
        return str(self.path)
