"""tools/serve.py: the headers the development server and the static-host server send, and quiet."""

import socket
import urllib.error
import urllib.request

import pytest

from tools.serve import start_in_thread


@pytest.fixture
def served(tmp_path):
    """A folder with game code and a vendored file, and a way to serve it."""
    (tmp_path / "main.py").write_text("print('hi')\n")
    (tmp_path / "static" / "vendor").mkdir(parents=True)
    (tmp_path / "static" / "vendor" / "pyodide.mjs").write_text("export {};\n")
    servers = []

    def serve(**options):
        url, server = start_in_thread(tmp_path, **options)
        servers.append(server)
        return url

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no proxy a machine may name


def headers(url, path, since=None):
    request = urllib.request.Request(url + path, headers={"If-Modified-Since": since} if since else {})
    try:
        with DIRECT.open(request) as response:
            return response.status, response.headers
    except urllib.error.HTTPError as answer:  # 304 comes as an error
        return answer.code, answer.headers


def test_game_code_is_never_cached_and_the_runtime_is_revalidated(served):
    url = served()
    status, sent = headers(url, "main.py")
    assert (status, sent["Cache-Control"], sent["Content-Type"]) == (200, "no-store", "text/plain; charset=utf-8")
    assert headers(url, "main.py", since=sent["Last-Modified"])[0] == 200  # never a 304 of a stale copy
    status, sent = headers(url, "static/vendor/pyodide.mjs")
    assert (status, sent["Cache-Control"]) == (200, "no-cache")
    assert headers(url, "static/vendor/pyodide.mjs", since=sent["Last-Modified"])[0] == 304


def test_a_static_host_caches_every_file_for_ten_minutes(served):
    url = served(static_host=True)
    for path in ("main.py", "static/vendor/pyodide.mjs"):
        status, sent = headers(url, path)
        assert (status, sent["Cache-Control"]) == (200, "max-age=600")
        assert headers(url, path, since=sent["Last-Modified"])[0] == 304


def test_quiet_is_each_servers_own(served, capsys):
    loud, quiet = served(quiet=False), served(quiet=True)
    headers(loud, "main.py")
    headers(quiet, "static/vendor/pyodide.mjs")
    headers(loud, "main.py")
    logged = capsys.readouterr().err
    assert logged.count('"GET /main.py HTTP/1.1" 200') == 2
    assert "pyodide.mjs" not in logged


def test_a_request_line_too_long_to_read_is_answered_414(served):
    """Refused before its path is read: the headers the answer is sent with ask for none."""
    for options in ({}, {"static_host": True}):
        port = int(served(**options).rsplit(":", 1)[1].strip("/"))
        with socket.create_connection(("localhost", port), timeout=10) as connection:
            connection.sendall(b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n")
            answer = connection.recv(200)
        assert answer.startswith(b"HTTP/1.0 414"), (options, answer)
