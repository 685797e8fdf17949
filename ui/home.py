"""The home screen: the saved games of every mode and the three ways to play."""

from html import escape

from .i18n import _
from .screens import Screen
from .widgets import button, delete_question, kept, screen


def home(app, link_items=()):
    items = []
    for match in app.saved_games:
        confirm = app.confirm == match.key
        actions = (
            delete_question("delete-confirm")
            if confirm
            else button(_("View") if match.outcome is not None else _("Resume"), "resume", match.key)
            + button(_("Delete"), "delete", match.key, cls="quiet")
        )
        what = match.summary()
        items.append(
            f'<li class="saved-game" data-game="{escape(match.id)}" data-mode="{match.mode}">'
            f'<span class="what">{escape(what)}</span><span class="actions">{actions}</span></li>'
        )
    for key in app.damaged:
        confirm = app.confirm == key
        actions = (
            delete_question("delete-confirm")
            if confirm
            else button(_("Delete"), "delete", key, cls="quiet")
        )
        what = escape(_("A saved game that this version cannot read (kept untouched)"))
        items.append(
            f'<li class="saved-game damaged"><span class="what">{what}</span><span class="actions">{actions}</span></li>'
        )
    items += link_items
    title = _("Espionage")
    tagline = _("Hidden armies, two moves a turn, Spies that unmask, Sappers that clear Mines.")
    saved_heading, new_heading = _("Saved games"), _("New game")
    saved = f'<h2>{saved_heading}</h2><ul class="saved-games">{"".join(items)}</ul>' if items else ""
    body = (
        f'<header><h1 tabindex="-1">{title}</h1><p class="tagline">{tagline}</p></header>'
        + saved
        + f"<h2>{new_heading}</h2>"
        + ways_to_play()
        + '<div class="actions rules-way">' + button(_("How to play"), "rules") + "</div>"
    )
    return screen(Screen.HOME, body, app)


@kept
def ways_to_play():
    """The three ways to play, each one tap from the first screen."""
    ways = (
        (_("Pass and play"), "mode", "pass",
         _("Two players, one device: the screen is covered while you hand it over.")),
        (_("Play by link"), "link-new", "", _("Two devices: send each turn as a link, by any messenger.")),
        (_("Play the computer"), "computer-new", "",
         _("One player against the computer, at three levels. It sees only what you see.")),
    )  # fmt: skip
    return '<ul class="ways">' + "".join(
        f'<li class="way">{button(label, action, arg, cls="primary")}<p class="hint">{escape(hint)}</p></li>'
        for label, action, arg, hint in ways
    ) + "</ul>"
