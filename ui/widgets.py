"""The parts every screen is built of: buttons, questions, the corner with the Rules and the
language, a screen's frame, and the options of a new game (pure functions to HTML markup).

Buttons carry ``data-action`` (and ``data-arg``) for the browser binding, and
their visible label is their accessible name.
"""

from functools import wraps
from html import escape

from .i18n import LANGUAGES, _, language, ngettext


def kept(render):
    """``render`` answers a call with the same arguments (views by identity: a view never
    changes) in the same language as the call before without working again: the panel's
    parts that follow the position are written once per position, not once per tap."""
    last = []

    @wraps(render)
    def kept_render(*args):
        key = (language(), *args)
        if last and len(last[0]) == len(key) and all(a is b or a == b for a, b in zip(last[0], key)):
            return last[1]
        last[:] = key, render(*args)
        return last[1]

    return kept_render


def button(label, action, arg="", disabled=False, cls="", pressed=None, title=""):
    attrs = [f'type="button" data-action="{escape(action)}"']
    if arg != "":
        attrs.append(f'data-arg="{escape(str(arg))}"')
    if disabled:
        attrs.append("disabled")
    if cls:
        attrs.append(f'class="{cls}"')
    if pressed is not None:
        attrs.append(f'aria-pressed="{"true" if pressed else "false"}"')
    if title:
        attrs.append(f'title="{escape(title)}"')
    return f"<button {' '.join(attrs)}>{escape(label)}</button>"


def resign_control(asked):
    """The Resign button, or (once pressed: ``asked``) the question that makes sure."""
    if not asked:
        return button(_("Resign"), "resign", cls="danger")
    question = escape(_("Resign this game?"))
    return (
        f'<div class="confirm" role="alertdialog" aria-label="{question}"><p>{question}</p>'
        + button(_("Resign"), "resign-confirm", cls="danger")
        + button(_("Keep playing"), "cancel", cls="primary")
        + "</div>"
    )


def delete_question(action, question=None, answer=None):
    """A Delete asked again (by default a saved game's): the question a screen reader hears as
    it appears, and its answers (Keep, the safe one, takes the focus: main.py)."""
    question = escape(question or _("Delete this game?"))
    return (
        f'<span class="confirm" role="alertdialog" aria-label="{question}"><span class="question">{question}</span> '
        + button(answer or _("Delete game"), action, cls="danger")
        + button(_("Keep"), "cancel", cls="primary")
        + "</span>"
    )


SELECTED = ' selected="selected"'


@kept
def language_menu(current):
    """The language switch shown on every screen: each language in its own name (main.py
    sends its ``change`` as the action ``language``)."""
    options = "".join(
        f'<option value="{code}" lang="{code}"{SELECTED if code == current else ""}>{escape(name)}</option>'
        for code, name in LANGUAGES.items()
    )
    label = escape(_("Language"))
    return f'<div class="language-menu"><select id="language" aria-label="{label}">{options}</select></div>'


def message(app):
    return f'<p class="message" role="alert">{escape(app.message)}</p>' if app.message else ""


@kept
def rules_bar():
    """The corner of every screen: the Rules button and the language switch."""
    from .rules import open_button

    return f'<div class="rules-bar">{open_button()}{language_menu(language())}</div>'


def screen(name, body, app):
    return f'<section class="screen screen-{name}" data-screen="{name}">{rules_bar()}{body}{message(app)}</section>'


def variant_fields(app):
    """The options of a new game: moves per turn and the number of volcanoes."""
    moves, volcanoes = app.options.moves_per_turn, app.options.volcanoes
    per_turn, volcano_count = _("Moves per turn"), _("Volcanoes")
    return (
        f'<fieldset><legend>{per_turn}</legend><div class="toggle">'
        + button(_("2 moves per turn (standard)"), "moves", 2, pressed=moves == 2)
        + button(_("1 move per turn"), "moves", 1, pressed=moves == 1)
        + f'</div></fieldset><fieldset><legend>{volcano_count}</legend><div class="toggle">'
        + "".join(
            button(str(n), "volcanoes", n, pressed=volcanoes == n,
                   title=ngettext("{n} volcano", "{n} volcanoes", n).format(n=n))
            for n in range(0, 11, 2)
        )
        + "</div></fieldset>"
    )
