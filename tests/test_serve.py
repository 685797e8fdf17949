"""tools/serve.py: the headers the development server and the static-host server send, and quiet."""

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


def headers(url, path, since=None):
    request = urllib.request.Request(url + path, headers={"If-Modified-Since": since} if since else {})
    try:
        with urllib.request.urlopen(request) as response:
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
