"""Settings: one TOML file read into a model with safe defaults; a bad value is named (file, key, reason) and
falls back to its default; the old INI keys are migrated once; the browser policy reaches the app."""

from __future__ import annotations

from pathlib import Path

import pytest


def test_an_empty_or_missing_file_is_the_defaults(tmp_path: Path):
    from app.runtime.settings import Settings, load_settings

    assert load_settings(tmp_path / "none.toml") == (Settings(), [])
    (tmp_path / "empty.toml").write_text("")
    settings, problems = load_settings(tmp_path / "empty.toml")
    assert problems == [] and settings.browser.popups is True and settings.browser.downloads is False
    assert settings.browser.permissions == "deny" and settings.agent.evaluate is True


def test_bad_values_are_named_and_fall_back_to_their_defaults(tmp_path: Path):
    from app.runtime.settings import load_settings

    path = tmp_path / "settings.toml"
    path.write_text('[browser]\npopups = "sometimes"\npermissions = "allow"\ndownloads = true\n'
                    '[agent]\nevaulate = false\n[leases.work]\nallowed_origins = "http://a"\n')
    settings, problems = load_settings(path)
    assert settings.browser.popups is True and settings.browser.permissions == "deny"
    assert settings.browser.downloads is True  # the good value in the same table is kept
    assert settings.leases["work"].allowed_origins is None
    assert {p.split(": ")[1] for p in problems} == {"browser.popups", "browser.permissions", "agent.evaulate",
                                                    "leases.work.allowed_origins"}
    assert all(p.startswith(f"{path}: ") for p in problems)


def test_a_file_that_is_not_toml_is_reported_with_its_line(tmp_path: Path):
    from app.runtime.settings import Settings, load_settings

    path = tmp_path / "settings.toml"
    path.write_text("[browser\npopups = true\n")
    settings, problems = load_settings(path)
    assert settings == Settings() and len(problems) == 1 and "not TOML" in problems[0] and "line 1" in problems[0]


def test_round_trip_through_the_writer(tmp_path: Path):
    from app.runtime.settings import LeaseSettings, Settings, load_settings, save_settings

    settings = Settings()
    settings.ui.language = 'zh_CN "quoted" \\ ü'
    settings.browser.permissions = "ask"
    settings.leases["my profile"] = LeaseSettings(allowed_origins=["http://localhost:5173", "https://x.example"])
    save_settings(settings, tmp_path / "s.toml")
    assert load_settings(tmp_path / "s.toml") == (settings, [])


def test_old_ini_keys_are_migrated_once_and_window_state_stays_in_the_ini(tmp_path: Path):
    from PySide6.QtCore import QSettings

    from app.runtime.settings import SettingsStore

    ini = QSettings(str(tmp_path / "pagenote.ini"), QSettings.Format.IniFormat)
    ini.setValue("ui/language", "zh_CN")
    ini.setValue("agent/evaluate", "false")
    ini.setValue("devices/log", "true")
    ini.sync()
    store = SettingsStore(tmp_path / "settings.toml", ini)
    text = (tmp_path / "settings.toml").read_text()
    assert 'language = "zh_CN"' in text and "evaluate = false" in text and "log = true" in text
    assert store.value("agent/evaluate") is False and store.value("ui/language") == "zh_CN"
    store.setValue("agent/evaluate", "true")  # the window's Agent menu writes strings
    assert SettingsStore(tmp_path / "settings.toml", ini).value("agent/evaluate") is True
    store.setValue("window/splitter", b"state")
    assert ini.value("window/splitter") == b"state" and "splitter" not in (tmp_path / "settings.toml").read_text()
    with pytest.raises(ValueError):
        store.setValue("browser/permissions", "always")


def test_the_browser_policy_reaches_the_app(qapp, aio, tmp_path):
    import shiboken6

    from app.runtime.app import PagenoteApp
    from app.runtime.settings import LeaseSettings, Settings
    from app.webview.lease import Lease

    settings = Settings()
    settings.browser.popups = False
    settings.browser.downloads = True
    settings.browser.permissions = "ask"
    settings.leases["session"] = LeaseSettings(allowed_origins=["http://127.0.0.1:1"])
    lease = Lease(qapp)
    app = PagenoteApp(lease, tmp_path)
    app.apply_settings(settings)
    tab = app.new_tab()
    assert app.allow_popups is False and app.downloads.allowed is True and tab.permissions.ask is True
    assert lease.allowed_origins == ("http://127.0.0.1:1",)
    app.close()
    shiboken6.delete(app)
    lease.close()
