"""The home-screen icons and the web app manifest, drawn from the game's own art.

The icon is the red Spy token of ui/render.py (``DRAWINGS``). ``svgs()`` gives
each icon as SVG; tools/rasterise.mjs turns them into the PNGs browsers need.
A maskable icon keeps the token inside the central safe circle (radius 40 %),
since the platform may cut the square to any shape.
"""

from __future__ import annotations

from ui.render import DRAWINGS

NAME = "Espionage"
SHORT_NAME = "Espionage"
DESCRIPTION = "A game of hidden armies for two players: pass and play, or play by links."
BACKGROUND = "#f4f1ea"  # the page's --paper
THEME = "#2f6f4f"  # the page's --accent

# file name -> (size in pixels, maskable)
ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-192.png": (192, True),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),  # iOS rounds the corners itself and wants no transparency
}
FILES = tuple(ICONS)


def icon_svg(size: int, maskable: bool) -> str:
    """The Spy on the red token, over a full-bleed square (maskable) or a rounded tile."""
    token = DRAWINGS["token-red"] + DRAWINGS["icon-S"]
    if maskable:
        tile = f'<rect width="100" height="100" fill="{THEME}"/>'
        scale, offset = 0.62, 19  # token within the safe circle
    else:
        tile = f'<rect x="2" y="2" width="96" height="96" rx="20" fill="{BACKGROUND}"/>'
        scale, offset = 0.86, 7
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="{size}" height="{size}">'
        f'{tile}<g transform="translate({offset} {offset}) scale({scale})">{token}</g></svg>'
    )


def svgs() -> dict[str, str]:
    return {name: icon_svg(size, maskable) for name, (size, maskable) in ICONS.items()}


def manifest() -> dict:
    """The web app manifest; every URL relative to the manifest, so the site works at any path."""
    icons = [
        {
            "src": f"./{name}",
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "maskable" if maskable else "any",
        }
        for name, (size, maskable) in ICONS.items()
        if name.startswith("icon-")
    ]
    return {
        "name": NAME,
        "short_name": SHORT_NAME,
        "description": DESCRIPTION,
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": icons,
    }
