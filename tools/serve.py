"""Tiny static web server for the Espionage page (standard library only).

    python3 tools/serve.py [--port 8000] [--bind 127.0.0.1] [--root .] [--quiet]

Serves the project root with the MIME types Pyodide/PyScript need (.mjs as
JavaScript, .wasm as application/wasm). Game code (.py, .toml, .html) is never
cached, so an edit shows on the next reload; the big runtime under static/vendor/
is revalidated on each load. If the port is busy, a free one is used. Prints the
address to open; with --bind 0.0.0.0, also the addresses other devices on the
network (a tablet on the same Wi-Fi) can open. --root serves another folder,
such as the built site (dist/).

From tests: `url, server = start_in_thread()`, later `server.shutdown()`;
`static_host=True` serves every file as a static host does (ten minutes' max-age,
not no-store), so that a browser may keep the page in its back/forward cache.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import http.server
import socket
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".map": "application/json",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    "": "application/octet-stream",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = MIME_TYPES

    def __init__(self, *args, quiet=False, **kwargs):
        self.quiet = quiet  # before the base class handles the request, as it does in __init__
        super().__init__(*args, **kwargs)

    def guess_type(self, path):  # exact map first: system mimetypes vary by machine
        suffix = Path(str(path)).suffix.lower()
        return MIME_TYPES.get(suffix) or super().guess_type(path)

    def end_headers(self):
        self.send_header("Cache-Control", self.cache_control())
        super().end_headers()

    def cache_control(self):
        if getattr(self, "path", "").startswith("/static/vendor/"):  # no path yet: a request refused unread
            return "no-cache"  # revalidate (304 when unchanged)
        return "no-store"

    def send_head(self):
        # no-store files must not answer 304 from a stale If-Modified-Since
        if self.cache_control() == "no-store":
            del self.headers["If-Modified-Since"]
        return super().send_head()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)

    def handle(self):
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()  # the browser may cancel a request: harmless


class StaticHostHandler(Handler):
    """Every file as a static host serves it (GitHub Pages: ten minutes' max-age), not no-store: a
    browser may then keep the page in its back/forward cache, which no-store forbids in Chromium
    and Firefox (WebKit kept it anyway, here): the tests of that cache and of the published site."""

    def cache_control(self):
        return "max-age=600"


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    @property
    def url(self) -> str:
        return f"http://localhost:{self.server_address[1]}/"


def make_server(
    port: int = 8000, bind: str = "127.0.0.1", root: Path = ROOT, quiet: bool = False, static_host: bool = False
) -> Server:
    """Bind to port, or to a free port if it is busy (port 0: always a free one); ``static_host``:
    every file as a static host serves it (``StaticHostHandler``)."""
    handler = functools.partial(StaticHostHandler if static_host else Handler, directory=str(root), quiet=quiet)
    try:
        return Server((bind, port), handler)
    except OSError as exc:
        if port == 0 or exc.errno not in (errno.EADDRINUSE, errno.EACCES):
            raise
        print(f"serve: port {port} is busy, using a free one", file=sys.stderr)
        return Server((bind, 0), handler)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not loopback), best guess first."""
    found = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    return [a for a in dict.fromkeys(found) if not a.startswith("127.")]


def start_in_thread(
    root: Path = ROOT, port: int = 0, quiet: bool = True, static_host: bool = False
) -> tuple[str, Server]:
    """Serve root on a free port in a daemon thread; return (url, server)."""
    server = make_server(port=port, root=root, quiet=quiet, static_host=static_host)
    thread = threading.Thread(target=server.serve_forever, name="espionage-serve", daemon=True)
    thread.start()
    return server.url, server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the Espionage page.")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; a free one if busy)")
    parser.add_argument("--bind", default="127.0.0.1", help="address to listen on (0.0.0.0: whole network)")
    parser.add_argument("--root", type=Path, default=ROOT, help="folder to serve (default: the project)")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    server = make_server(port=args.port, bind=args.bind, root=args.root.resolve(), quiet=args.quiet)
    print(f"Espionage is served at {server.url}  (Ctrl+C stops)", flush=True)
    if args.bind in ("0.0.0.0", ""):
        port = server.server_address[1]
        for address in lan_addresses():
            print(f"  on this network: http://{address}:{port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
