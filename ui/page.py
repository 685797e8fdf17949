"""The page: which module draws the screen the app is on (pass and play: ui/pages.py, which
also holds the parts every mode shares; a link game: ui/linkpages.py; the computer:
ui/computerpages.py; the Rules: ui/rules.py), and what a mode adds to the home and end
screens. The Rules and the computer's screens load when first shown (a start imports
only what its first screen needs)."""

from . import linkpages, pages
from .linkplay import LINK_SCREENS


def render(app):
    mode = getattr(app.match, "mode", None)
    if app.rules_open:
        from . import rules

        return rules.page(pages.language_menu(app.language))
    if app.screen != "over" and (app.screen in LINK_SCREENS or mode == "link"):
        return linkpages.render(app)
    if app.screen == "computer-options" or (app.screen in ("setup", "play") and mode == "computer"):
        from . import computerpages

        return computerpages.render(app)
    if app.screen == "home":
        return pages.home(app, linkpages.home_items(app))
    if app.screen == "over":
        return pages.over(app, _over_extras(app, mode))
    return pages.screen(app)


def _over_extras(app, mode):
    if mode == "link":
        return linkpages.over_extras(app)
    if mode == "computer":
        from . import computerpages

        return computerpages.over_extras(app)
    return ""
