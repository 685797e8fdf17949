"""The player's language: gettext catalogs (made with Babel), one active language per page.

Every sentence a player reads goes through ``_`` / ``ngettext`` so it can be
translated; ``N_`` marks a string for extraction where it is defined and
translated where it is shown. Catalogs live in ``locale/<lang>/LC_MESSAGES/``,
one domain for the interface (``messages``) and one for the rules screen
(``rules``). The engine never speaks: links, notation and file names stay
language-neutral, so two players in two languages can play by link."""

import gettext
from pathlib import Path

LANGUAGES = {
    "en": "English",
    "cs": "Čeština",
    "bg": "Български",
    "nb": "Norsk bokmål",
    "et": "Eesti",
    "es": "Español",
}
DEFAULT = "en"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAINS = ("messages", "rules")

_active = gettext.NullTranslations()
_language = DEFAULT


def best_language(preferences):
    """The first supported language among the browser's preferences ("nb-NO", "no", "cs")."""
    for tag in preferences:
        base = tag.lower().replace("_", "-").split("-")[0]
        base = {"no": "nb", "nn": "nb"}.get(base, base)
        if base in LANGUAGES:
            return base
    return DEFAULT


def use(language):
    """Make ``language`` the one every later ``_`` call answers in."""
    global _active, _language
    if language not in LANGUAGES:
        raise ValueError(f"unsupported language: {language!r}")
    translations = gettext.NullTranslations()
    for domain in reversed(DOMAINS):
        found = gettext.translation(domain, LOCALE_DIR, [language], fallback=True)
        found.add_fallback(translations)
        translations = found
    _active, _language = translations, language


def language():
    return _language


def _(message):
    return _active.gettext(message)


def rules_text(message):
    """A sentence of the Rules screen (domain ``rules``: extracted with ``-k rules_text``)."""
    return _active.gettext(message)


def ngettext(singular, plural, n):
    return _active.ngettext(singular, plural, n)


def pgettext(context, message):
    return _active.pgettext(context, message)


def N_(message):
    """Mark ``message`` for extraction; it is translated later, where it is shown."""
    return message
