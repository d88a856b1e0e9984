"""docs/deploying.md, run as written: every block marked ``<!-- tested: NAME -->`` is used
here, with only the port, the paths and the database replaced by the test's own.

- the environment file names only settings the app reads, and the app accepts them;
- the systemd unit passes ``systemd-analyze verify`` (where systemd is);
- gunicorn's command, on a fresh PostgreSQL schema (the workers migrate it once between
  them), behind nginx with the documented site (where nginx is installed; CI installs it):
  links are https, each client behind the proxy has its own rate limit, a forged
  ``X-Forwarded-For`` changes nothing (nor does one sent to gunicorn past the proxy), and a
  killed worker is replaced; 200 phones behind one address are served through nginx, and one
  client holding 1,000 idle connections locks nobody out;
- the backup and restore commands.
"""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.event_loop import run_apart
from tests.test_serve import free_port

DOC = (ROOT / "docs" / "deploying.md").read_text()
VENV = "/opt/wonders-assistant/venv"
GAME = {
    "cities": [{"player": p, "wonder": w} for p, w in zip("ABC", ["giza", "rhodes", "babylon"], strict=True)]
}


def block(name: str) -> str:
    found = re.search(rf"<!-- tested: {name} -->\n```\w*\n(.*?)```", DOC, re.S)
    assert found, f"docs/deploying.md has no block marked tested: {name}"
    return found.group(1)


def environment() -> dict[str, str]:
    pairs = [
        line.split("=", 1) for line in block("environment").splitlines() if line and not line.startswith("#")
    ]
    return {key: value for key, value in pairs}


def commands(name: str) -> list[list[str]]:
    return [
        shlex.split(line) for line in block(name).splitlines() if line.strip() and not line.startswith("#")
    ]


def test_the_environment_file_names_only_settings_the_app_reads_and_they_are_accepted(monkeypatch, tmp_path):
    source = "".join(p.read_text() for p in (ROOT / "assistant").rglob("*.py"))
    env = environment()
    for key in env:
        assert f'"{key}"' in source, f"{key} is read nowhere in assistant/"
    from assistant.web.config import build_config

    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("ASSISTANT_DATA_DIR", str(tmp_path))
    config = build_config()
    assert [str(n) for n in config["PROXIES"].networks] == ["127.0.0.1/32"]
    assert config["SESSION_COOKIE_SECURE"] is True
    assert config["TRUSTED_HOSTS"] == sorted(
        {"wonders.example.org", "localhost", "127.0.0.1", "::1", "[::1]"}
    )
    assert config["SECRET_KEY"] == env["ASSISTANT_SECRET_KEY"]


def _needs(program: str, why: str) -> None:
    """Skip without ``program``; under CI (which installs it), fail instead."""
    if shutil.which(program) is None:
        (pytest.fail if os.environ.get("CI") else pytest.skip)(f"{program} is not installed ({why})")


def test_the_systemd_unit_passes_systemd_analyze_verify(tmp_path):
    _needs("systemd-analyze", "systemd's tools, on Debian with systemd")
    env_file = tmp_path / "wonders-assistant.env"
    env_file.write_text("".join(f"{k}={v}\n" for k, v in environment().items()))
    unit = block("unit").replace(VENV, sys.prefix).replace("/etc/wonders-assistant.env", str(env_file))
    unit = unit.replace("/var/lib/wonders-assistant", str(tmp_path))
    unit = re.sub(r"^(User|Group)=.*\n", "", unit, flags=re.M)  # no such user on a test machine
    path = tmp_path / "wonders-assistant.service"
    path.write_text(unit)
    done = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(path)], capture_output=True, text=True
    )
    said = [line for line in (done.stdout + done.stderr).splitlines() if "wonders-assistant" in line]
    assert done.returncode == 0 and not said, done.stdout + done.stderr


def _redis_answers() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


def _get(
    url: str,
    source: str,
    host: str = "wonders.example.org",
    headers: dict | None = None,
    body: dict | None = None,
):
    """One request from the loopback address ``source`` (as a phone of its own)."""
    import http.client

    parsed = urllib.request.urlparse(url)
    connection = http.client.HTTPConnection(
        parsed.hostname, parsed.port, timeout=10, source_address=(source, 0)
    )
    data = json.dumps(body).encode() if body is not None else None
    all_headers = {"Host": host, **({"Content-Type": "application/json"} if data else {}), **(headers or {})}
    connection.request("POST" if data else "GET", parsed.path, body=data, headers=all_headers)
    response = connection.getresponse()
    answer = response.status, response.read(), response.getheader("Set-Cookie") or ""
    connection.close()
    return answer


def _wait(url: str, source: str = "127.0.0.1", timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            if _get(url, source)[0] == 200:
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"{url} never answered")
        time.sleep(0.2)


def _nginx_conf(tmp_path: Path, listen: int, upstream: int) -> Path:
    site = block("nginx").replace("listen 80;", f"listen 127.0.0.1:{listen};")
    site = site.replace("127.0.0.1:8000", f"127.0.0.1:{upstream}")
    events = block("nginx-events")
    conf = tmp_path / "nginx.conf"
    user = "user root;\n" if os.geteuid() == 0 else ""
    conf.write_text(
        f"{user}daemon off;\npid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/nginx-error.log;\n"
        f"{events}\nhttp {{\naccess_log off;\nclient_body_temp_path {tmp_path}/body;\n"
        f"proxy_temp_path {tmp_path}/proxy;\nfastcgi_temp_path {tmp_path}/fastcgi;\n"
        f"uwsgi_temp_path {tmp_path}/uwsgi;\nscgi_temp_path {tmp_path}/scgi;\n{site}\n}}\n"
    )
    return conf


def _workers(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


@pytest.mark.slow
@pytest.mark.postgres
@pytest.mark.skipif(
    not Path("/proc/self/task").exists(), reason="finds gunicorn's workers through /proc (Linux)"
)
def test_gunicorn_over_postgresql_behind_nginx_as_documented(tmp_path, pg_schema_url):
    _needs("nginx", "apt-get install nginx; CI installs it")
    app_port, proxy_port = free_port(), free_port()
    env = dict(os.environ, **environment())
    env.update(
        DATABASE_URL=pg_schema_url,
        ASSISTANT_DATA_DIR=str(tmp_path / "data"),
        ASSISTANT_RATE_LIMIT="3 per minute",
        ASSISTANT_RATE_LIMIT_STORAGE="redis://127.0.0.1:6379" if _redis_answers() else "memory://",
    )
    (command,) = commands("gunicorn")
    command = [
        part.replace(VENV, sys.prefix).replace("127.0.0.1:8000", f"127.0.0.1:{app_port}") for part in command
    ]
    if not _redis_answers():  # each worker would count on its own: one worker keeps the count exact
        command[command.index("--workers") + 1] = "1"
    # A fresh schema and no db-upgrade: the workers starting together migrate it once.
    app = subprocess.Popen(command, env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    proxy = subprocess.Popen(
        ["nginx", "-p", str(tmp_path), "-c", str(_nginx_conf(tmp_path, proxy_port, app_port))],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    base = f"http://127.0.0.1:{proxy_port}"
    # Phones of their own, new for each run (the counts in Redis outlive the test).
    a, b = random.randrange(2, 250), random.randrange(250)
    net = f"127.{a}.{b}"
    phone, other, third = f"{net}.2", f"{net}.3", f"{net}.4"
    loner = f"127.{a}.{(b + 1) % 250}.5"  # another network: the rate limits count one per /24
    try:
        _wait(base + "/healthz")
        # Each phone behind the proxy has its own count; what a client forges is replaced.
        codes = [
            _get(
                base + "/api/v1/games",
                phone,
                headers={"X-Forwarded-For": f"198.51.100.{n}"},
                body={"game": GAME},
            )[0]
            for n in range(4)
        ]
        assert codes == [201, 201, 201, 429]
        # A client that reaches gunicorn past the proxy cannot pick its address either: it is
        # not the proxy's (ASSISTANT_PROXIES=127.0.0.1), so its X-Forwarded-For is ignored.
        direct = f"http://127.0.0.1:{app_port}/api/v1/games"
        codes = [
            _get(direct, loner, headers={"X-Forwarded-For": f"198.51.100.{n}"}, body={"game": GAME})[0]
            for n in range(4)
        ]
        assert codes == [201, 201, 201, 429]
        status, made, _cookie = _get(base + "/api/v1/games", other, body={"game": GAME})
        assert status == 201
        edit_url = json.loads(made)["edit_url"]
        assert edit_url.startswith("https://wonders.example.org/g/")
        status, page, cookie = _get(base + edit_url.removeprefix("https://wonders.example.org"), other)
        assert status == 200 and b"https://wonders.example.org/" in page
        assert "Secure" in cookie  # the phone's list of its games travels over https only
        # Another host than the trusted one is refused.
        assert _get(base + "/healthz", other, host="evil.example")[0] == 400
        # gunicorn's master replaces a worker killed mid-service.
        before = _workers(app.pid)
        os.kill(before[0], signal.SIGKILL)
        deadline = time.monotonic() + 30
        while (
            len(_workers(app.pid)) < len(before) or before[0] in _workers(app.pid)
        ) and time.monotonic() < deadline:
            assert _get(base + "/healthz", third)[0] == 200
            time.sleep(0.1)
        assert len(_workers(app.pid)) == len(before) and before[0] not in _workers(app.pid)
    finally:
        proxy.terminate()
        app.terminate()
        _out, app_err = app.communicate(timeout=30)
        proxy.communicate(timeout=30)
    assert b"Traceback" not in app_err, app_err.decode()[-3000:]


def test_the_backup_and_restore_commands_run_as_written(tmp_path):
    env = dict(os.environ, ASSISTANT_DATA_DIR=str(tmp_path / "data"))
    env.pop("DATABASE_URL", None)
    binary = str(Path(sys.executable).parent / "wonders-assistant")
    subprocess.run([binary, "db-upgrade"], env=env, check=True, capture_output=True)
    for name in ("backup", "restore"):
        for command in commands(name):
            assert command[0] == "wonders-assistant"
            command = [binary, *(part.replace("/var/backups", str(tmp_path)) for part in command[1:])]
            done = subprocess.run(command, env=env, capture_output=True, text=True)
            assert done.returncode == 0, done.stderr
    assert (tmp_path / "wonders-tonight.db").is_file()
    assert (
        len(list((tmp_path / "data" / "backups").glob("assistant-*.db"))) == 2
    )  # one taken, one kept by restore


def _as_here(line: str, name: str, folder: Path) -> str:
    """A documented command as this machine runs it: as the user running the tests (the
    database's own user through ``PGUSER``), with the test's names and folder."""
    line = line.replace("sudo -u postgres ", "").replace("sudo -u wonders ", "")
    line = line.replace("/var/lib/wonders-assistant", str(folder))
    return re.sub(r"\bwonders\b", name, line)


@pytest.mark.slow
@pytest.mark.postgres
def test_the_database_and_its_backup_and_restore_as_documented(postgres_url, tmp_path):
    """Section 2 (a user and a database of its own), the environment file's DATABASE_URL (over
    the local socket, no password), and section 8's pg_dump and pg_restore."""
    for program in ("createuser", "createdb", "pg_dump", "pg_restore", "psql"):
        _needs(program, "PostgreSQL's client programs")
    name = f"wonders_{random.randrange(16**8):08x}"
    admin = dict(os.environ, PGUSER="postgres")
    mine = dict(os.environ, PGUSER=name)
    url = environment()["DATABASE_URL"].replace("/wonders?", f"/{name}?")
    socket_dir = url.split("host=", 1)[1]
    if not Path(socket_dir).is_dir():
        pytest.skip(f"PostgreSQL has no socket in {socket_dir} here")
    try:
        for line in block("database").strip().splitlines():
            subprocess.run(_as_here(line, name, tmp_path), shell=True, env=admin, check=True)
        app_env = dict(mine, DATABASE_URL=url, ASSISTANT_DATA_DIR=str(tmp_path / "data"))
        binary = str(Path(sys.executable).parent / "wonders-assistant")
        subprocess.run([binary, "db-upgrade"], env=app_env, check=True, capture_output=True)
        from tests.conftest import make_test_app

        app = make_test_app(tmp_path, url.replace("postgresql:///", f"postgresql://{name}@/"))
        client = app.test_client()
        token = client.post("/api/v1/games", json={"game": GAME}).get_json()["token"]
        app.extensions["db_engine"].dispose()

        (dump_line,) = block("pg-backup").strip().splitlines()
        subprocess.run(_as_here(dump_line, name, tmp_path), shell=True, env=mine, check=True)
        (dump,) = tmp_path.glob(f"{name}-*.dump")
        subprocess.run(
            ["psql", "-q", "-d", name, "-c", "DELETE FROM cities; DELETE FROM games"], env=mine, check=True
        )
        assert client.get(f"/api/v1/games/{token}").status_code == 404
        (restore_line,) = block("pg-restore").strip().splitlines()
        restore = _as_here(restore_line, name, tmp_path).replace(
            f"{tmp_path}/{name}-2026-12-04.dump", str(dump)
        )
        subprocess.run(restore, shell=True, env=mine, check=True)
        subprocess.run([binary, "db-upgrade"], env=app_env, check=True, capture_output=True)
        assert client.get(f"/api/v1/games/{token}").status_code == 200  # the game is back
        app.extensions["db_engine"].dispose()
    finally:
        subprocess.run(["dropdb", "--if-exists", name], env=admin, check=False)
        subprocess.run(["dropuser", "--if-exists", name], env=admin, check=False)


def _club(tmp_path: Path, database_url: str) -> tuple[list[subprocess.Popen[bytes]], int, int]:
    """gunicorn's documented command behind nginx's documented site: the processes, the
    app's port and the proxy's."""
    app_port, proxy_port = free_port(), free_port()
    env = dict(os.environ, **environment())
    env.update(
        DATABASE_URL=database_url,
        ASSISTANT_DATA_DIR=str(tmp_path / "data"),
        ASSISTANT_RATE_LIMIT_STORAGE="memory://",
    )
    (command,) = commands("gunicorn")
    command = [
        part.replace(VENV, sys.prefix).replace("127.0.0.1:8000", f"127.0.0.1:{app_port}") for part in command
    ]
    app = subprocess.Popen(command, env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    proxy = subprocess.Popen(
        ["nginx", "-p", str(tmp_path), "-c", str(_nginx_conf(tmp_path, proxy_port, app_port))],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    return [proxy, app], app_port, proxy_port


@pytest.mark.slow
@pytest.mark.postgres
def test_a_club_behind_one_address_is_served_through_nginx_and_one_greedy_client_locks_nobody_out(
    tmp_path, pg_schema_url
):
    """Issue 44: the documented site's `limit_conn 100` answered 200 phones behind one address
    with 900 503s (here, 56 of their 2,400 requests). With the documented site: 200 phones
    behind one address, each loading a page (two requests at once) and then polling, get no
    503; and one client holding 1,000 idle connections to nginx locks nobody out."""
    import asyncio

    from tests.test_serve_connections import Phone, _close, _open, _room_for

    _needs("nginx", "apt-get install nginx; CI installs it")
    processes, _app_port, port = _club(tmp_path, pg_schema_url)
    a, b = random.randrange(2, 250), random.randrange(250)
    router, greedy, other = f"127.{a}.{b}.2", f"127.{a}.{b}.3", f"127.{a}.{(b + 1) % 250}.4"
    try:
        _wait(f"http://127.0.0.1:{port}/healthz")
        _room_for(1500)

        async def room() -> list[int]:
            statuses: list[int] = []

            async def phone(n: int) -> None:
                await asyncio.sleep(n * 0.005)  # they join over a second
                it, loader = Phone(port, router), Phone(port, router)
                statuses.extend(await asyncio.gather(it.get("/"), loader.get("/static/app.css")))
                for _ in range(10):
                    statuses.append(await it.get())
                    await asyncio.sleep(0.5)
                for one in (it, loader):
                    if one.streams:
                        one.streams[1].close()

            await asyncio.gather(*(phone(n) for n in range(200)))
            return statuses

        statuses = run_apart(room)
        assert len(statuses) == 200 * 12
        assert set(statuses) == {200}, {s: statuses.count(s) for s in set(statuses)}

        held = _open(port, greedy, 1000)
        try:
            for source in (other, router):
                assert _get(f"http://127.0.0.1:{port}/healthz", source)[0] == 200
        finally:
            _close(held)
    finally:
        for process in processes:
            process.terminate()
        _out, app_err = processes[1].communicate(timeout=30)
        processes[0].communicate(timeout=30)
    assert b"Traceback" not in app_err, app_err.decode()[-3000:]
    errors = (tmp_path / "nginx-error.log").read_text() if (tmp_path / "nginx-error.log").exists() else ""
    assert "limiting connections" not in errors, errors[-2000:]
