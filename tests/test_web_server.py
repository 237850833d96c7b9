"""``odds serve`` and the test server the other web tests share (``running_server``)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from odds.cli import main

READY_SECONDS = 600
"""How long a test waits for the kernels to compile (a fresh machine compiles them all)."""


def request(base: str, path: str, body: object = None, method: str | None = None,
            raw: bytes | None = None, headers: dict | None = None) -> tuple[int, dict, dict]:
    """``(status, JSON body, headers)`` of one request to the test server."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    h = {"Content-Type": "application/json", **(headers or {})}
    req = urllib.request.Request(base + path, data=data, method=method, headers=h)
    try:
        with urllib.request.urlopen(req, timeout=120) as res:
            text, status, hdrs = res.read(), res.status, dict(res.headers)
    except urllib.error.HTTPError as exc:
        text, status, hdrs = exc.read(), exc.code, dict(exc.headers)
    try:
        return status, json.loads(text), hdrs
    except ValueError:
        return status, {"text": text.decode("utf-8", "replace")}, hdrs


def wait_ready(base: str, seconds: float = READY_SECONDS) -> None:
    """Wait until ``/healthz`` says ready."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            status, body, _ = request(base, "/healthz")
            if status == 200 and body.get("status") == "ready":
                return
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.2)
    raise TimeoutError(f"{base} not ready after {seconds} s")


@contextmanager
def running_server(data_dirs: list[Path] | None = None, **options) -> Iterator[str]:
    """An ``odds serve`` app in a thread on 127.0.0.1 and a free port; yields its address.

    ``options`` go to :func:`odds.web.app.create_app` (``dask_client``).
    """
    import uvicorn

    from odds.web.app import create_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = create_app(data_dirs or [], workers=2, **options)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    try:
        wait_ready(base)
        yield base
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()


def test_serve_help_names_its_options(capsys):
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    for opt in ("--host", "--port", "--data", "--open", "--workers", "--scheduler"):
        assert opt in out


def test_serve_refuses_a_missing_data_folder(capsys, tmp_path):
    assert main(["serve", "--data", str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err
    assert "data:" in err and "not a folder" in err


def test_serve_warns_when_not_on_this_machine_only(monkeypatch, capsys):
    import uvicorn

    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    assert main(["serve", "--host", "192.0.2.1", "--port", "8123", "--data",
                 str(Path(__file__).parent / "data")]) == 0
    out, err = capsys.readouterr()
    assert calls == [{"host": "192.0.2.1", "port": 8123, "log_level": "warning"}]
    assert "http://192.0.2.1:8123/" in out
    assert err.count("\n") == 1 and "no login" in err
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    main(["serve", "--port", "8124"])
    assert "no login" not in capsys.readouterr().err


def test_odds_serve_answers_healthz_then_stops():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "odds", "serve", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        first = proc.stdout.readline()
        assert first.startswith(f"odds: serving {base}/")
        wait_ready(base)
        status, body, _ = request(base, "/api/info")
        assert status == 200 and body["books"][0]["id"] == "builtin"
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
