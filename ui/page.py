"""The page: the Rules over any screen (ui/rules.py, loaded when first shown), the home screen
(every mode's saved games: ui/home.py), or the screen the app is on, drawn by the function
the mode's controller names for it (``Controller.pages``: ui/passpages.py, ui/linkpages.py,
ui/computerpages.py, from the parts in ui/widgets.py and ui/board_screen.py)."""

from . import home, linkpages, widgets
from .screens import Screen


def render(app):
    if app.rules_open:
        from . import rules

        return rules.page(widgets.language_menu(app.language))
    if app.screen == Screen.HOME:
        return home.home(app, linkpages.home_items(app))
    return app.controller.pages()[app.screen](app)
