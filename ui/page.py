"""The page: the Rules over any screen (ui/rules.py, loaded when first shown), the home screen
(every mode's saved games), or the screen the app is on, drawn by the function the mode's
controller names for it (``Controller.pages``: ui/pages.py for pass and play, which also
holds the parts every mode shares; ui/linkpages.py; ui/computerpages.py)."""

from . import linkpages, pages
from .screens import Screen


def render(app):
    if app.rules_open:
        from . import rules

        return rules.page(pages.language_menu(app.language))
    if app.screen == Screen.HOME:
        return pages.home(app, linkpages.home_items(app))
    return app.controller.pages()[app.screen](app)
