"""The pages load with the local runtime and Python marks them ready, without errors."""

from tools import gen_files


def test_app_loads(page, open_app):
    open_app(page)
    assert page.is_hidden("#loading")
    assert page.title() == "Espionage"


def test_bare_runtime_page_loads(page, open_app):
    open_app(page, "e2e/bare.html")


def test_every_shipped_module_imports_in_the_browser(page, open_app):
    open_app(page, "e2e/imports.html")
    imported = page.get_attribute("html", "data-imported").split()
    assert imported == gen_files.browser_files()
