"""tools/browser.py: which Chromium the browser tests launch, and its crash dumps."""

from tools import browser


def test_crash_dumps_are_those_in_chromiums_crashpad_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert browser.crash_dumps() == set()
    reports = tmp_path / "chromium" / "Crash Reports"
    for name in ("pending/a.dmp", "completed/b.dmp", "pending/a.meta", "settings.dat"):
        (reports / name).parent.mkdir(parents=True, exist_ok=True)
        (reports / name).write_bytes(b"")
    assert browser.crash_dumps() == {reports / "pending" / "a.dmp", reports / "completed" / "b.dmp"}


def test_the_system_chromium_is_chosen_unless_another_is_named(monkeypatch, tmp_path):
    monkeypatch.delenv("ESPIONAGE_CHROMIUM", raising=False)
    monkeypatch.setattr(browser, "SYSTEM_CHROMIUM", tmp_path / "chromium")
    assert browser.chromium_path() is None  # Playwright's own, where ./test.sh installed it
    (tmp_path / "chromium").write_bytes(b"")
    assert browser.chromium_path() == str(tmp_path / "chromium")
    monkeypatch.setenv("ESPIONAGE_CHROMIUM", "/opt/other")
    assert browser.chromium_path() == "/opt/other"


def test_launch_options_keep_the_flags_and_let_the_cache_keep_pages_only_when_asked(monkeypatch, tmp_path):
    monkeypatch.delenv("ESPIONAGE_CHROMIUM", raising=False)
    monkeypatch.setattr(browser, "SYSTEM_CHROMIUM", tmp_path / "chromium")
    assert browser.chromium_options() == {"args": browser.CHROMIUM_ARGS}  # Playwright's own Chromium
    (tmp_path / "chromium").write_bytes(b"")
    usual = browser.chromium_options(headless=True)
    assert usual == {"args": browser.CHROMIUM_ARGS, "headless": True, "executable_path": str(tmp_path / "chromium")}
    keeping = browser.chromium_options(back_forward_cache=True)
    assert keeping["ignore_default_args"] == ["--disable-back-forward-cache"]
    assert keeping["args"] == browser.CHROMIUM_ARGS
    both = browser.chromium_options(back_forward_cache=True, ignore_default_args=["--mute-audio"])
    assert both["ignore_default_args"] == ["--mute-audio", "--disable-back-forward-cache"]
    keeping["args"].append("--lang=cs")  # a caller's own flags stay its own
    assert "--lang=cs" not in browser.CHROMIUM_ARGS
