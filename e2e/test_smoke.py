"""The pages load with the local runtime and Python marks them ready, without errors."""

from tools import gen_files


def test_app_loads(page, open_app):
    open_app(page)
    assert page.is_hidden("#loading")
    assert page.title() == "Espionage"


def test_the_page_runs_python_without_stack_switching(page, open_app):
    """static/handoff.js: Chromium has JSPI, with which its renderer crashed at load now and then."""
    assert page.evaluate("'Suspending' in WebAssembly")  # this Chromium has it, before the game's page
    open_app(page)
    assert page.evaluate("'Suspending' in WebAssembly || 'Suspender' in WebAssembly") is False


def test_bare_runtime_page_loads(page, open_app):
    open_app(page, "e2e/bare.html")


def test_every_shipped_module_imports_in_the_browser(page, open_app):
    open_app(page, "e2e/imports.html")
    imported = page.get_attribute("html", "data-imported").split()
    assert imported == gen_files.browser_files()
