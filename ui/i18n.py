"""The player's language: gettext catalogs (made with Babel), one active language per page.

Every sentence a player reads goes through ``_`` / ``ngettext`` so it can be
translated; ``N_`` marks a string for extraction where it is defined and
translated where it is shown. Catalogs live in ``locale/<lang>/LC_MESSAGES/``,
one domain for the interface (``messages``) and one for the rules screen
(``rules``). The engine never speaks: links, notation and file names stay
language-neutral, so two players in two languages can play by link."""

import gettext
import io
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
LOCALE_DIR = Path(__file__).parent.parent / "locale"  # in the published site, inside the game's archive
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
        found = _catalog(domain, language)
        found.add_fallback(translations)
        translations = found
    _active, _language = translations, language


def _catalog(domain, language):
    """A compiled catalog, read through this module's loader: from the folder in development and
    tests, from the game's archive (python.zip, imported without unpacking) in the published site."""
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.mo"
    try:
        data = __loader__.get_data(str(path))
    except OSError:  # no such catalog (English, the source language): the messages as written
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(data))


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
