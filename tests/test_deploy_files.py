"""The files for running many tables (deploy/, docs/scaling.md) say what the app needs.

A proxy that buffers the live streams, or cuts them after a minute, breaks every phone at
once; a compose file that points the app at the wrong database, or an image that cannot
build the package, fails only on the day it is used. These checks read the files as the
tools would, without Docker, nginx or HAProxy on the machine.
"""

from __future__ import annotations

import argparse
import json
import re
import tomllib
from pathlib import Path
from urllib.parse import urlsplit

from companion.cli import _parser

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
DOC = ROOT / "docs" / "scaling.md"

# Paths the proxy must treat as live streams, and some it must not.
STREAM_PATHS = [
    "/t/Ab3dE9xY/stream",
    "/t/Ab3dE9xY/seat/stream",
    "/t/Ab3dE9xY/tv/stream",
    "/t/Ab3dE9xY/pass/2/stream",
    "/api/tables/Ab3dE9xY/feed",
]
OTHER_PATHS = [
    "/",
    "/healthz",
    "/t/Ab3dE9xY",
    "/t/Ab3dE9xY/act",
    "/api/tables/Ab3dE9xY",
    "/api/tables/Ab3dE9xY/actions",
    "/static/js/app.js",
]
HOUR = 3600


def seconds(value: str) -> float:
    """An nginx or HAProxy duration in seconds.

    >>> [seconds(v) for v in ("90", "30s", "5m", "1h", "2d", "500ms")]
    [90.0, 30.0, 300.0, 3600.0, 172800.0, 0.5]
    """
    match = re.fullmatch(r"(\d+)(ms|s|m|h|d)?", value.strip())
    assert match, f"not a duration: {value!r}"
    unit = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400}[match.group(2) or "s"]
    return float(int(match.group(1)) * unit)


# --- docker-compose.yml -------------------------------------------------------------------


def _scalar(text: str) -> object:
    text = text.strip()
    if not text:
        return None
    if text[0] in "[{\"'":
        return json.loads(text.replace("'", '"') if text[0] == "'" else text)
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if text in ("true", "false"):
        return text == "true"
    return text


def parse_yaml_subset(text: str) -> object:
    """The YAML the compose file is written in: block maps and lists, JSON-style flow lists,
    plain scalars, whole-line comments. Anything else fails loudly.

    >>> parse_yaml_subset("a:\\n  b: 1\\n  c:\\n    - x\\n    - 'y'\\n  d: [\\"p\\"]\\ne:\\n")
    {'a': {'b': 1, 'c': ['x', 'y'], 'd': ['p']}, 'e': None}
    """
    lines = [
        (len(line) - len(line.lstrip(" ")), line.strip())
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]

    def block(i: int, indent: int) -> tuple[object, int]:
        if lines[i][1].startswith("- "):
            items = []
            while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
                items.append(_scalar(lines[i][1][2:]))
                i += 1
            return items, i
        mapping: dict[str, object] = {}
        while i < len(lines) and lines[i][0] == indent:
            key, colon, rest = lines[i][1].partition(":")
            assert colon and key and " " not in key, f"not a key: {lines[i][1]!r}"
            assert key not in mapping, f"key {key!r} twice"
            i += 1
            if rest.strip():
                mapping[key] = _scalar(rest)
            elif i < len(lines) and lines[i][0] > indent:
                mapping[key], i = block(i, lines[i][0])
            else:
                mapping[key] = None
        return mapping, i

    value, end = block(0, lines[0][0])
    assert end == len(lines), f"cannot read the line {lines[end][1]!r}"
    return value


def load_compose() -> dict:
    text = (DEPLOY / "docker-compose.yml").read_text(encoding="utf-8")
    parsed = parse_yaml_subset(text)
    try:
        import yaml
    except ImportError:  # PyYAML is not a dependency; the subset parser reads the file
        pass
    else:
        assert yaml.safe_load(text) == parsed, "the subset parser misread the compose file"
    assert isinstance(parsed, dict)
    return parsed


def serve_args(command: list[str]) -> argparse.Namespace:
    """``command`` (``companion serve ...``) as the real command line parser reads it."""
    assert command[:2] == ["companion", "serve"], command
    return _parser().parse_args(command[1:])


def test_the_compose_file_says_how_to_start_it():
    head = (DEPLOY / "docker-compose.yml").read_text(encoding="utf-8").split("\nservices:")[0]
    assert "docker compose -f deploy/docker-compose.yml up --build" in head


def test_the_compose_file_has_postgres_the_app_and_the_proxy():
    compose = load_compose()
    services = compose["services"]
    assert {"postgres", "app", "proxy"} <= set(services)

    postgres = services["postgres"]
    assert postgres["image"] == "postgres:15"
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    volume = postgres["volumes"][0].split(":")[0]
    assert volume in compose["volumes"], "the database must live in a named volume"
    assert postgres["volumes"][0].split(":")[1] == "/var/lib/postgresql/data"


def test_the_app_runs_several_processes_on_the_postgres_service():
    compose = load_compose()
    services = compose["services"]
    app = services["app"]
    assert app["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}
    assert (DEPLOY / app["build"]["context"] / app["build"]["dockerfile"]).is_file()
    replicas = app.get("deploy", {}).get("replicas", 1)
    assert replicas >= 2, "one app container is not a setup for many tables"

    args = serve_args(app["command"])
    assert args.workers >= 2
    assert args.host == "0.0.0.0" and args.port == 8000
    assert args.db is None, "the URL belongs in DATABASE_URL, not on the command line"

    url = urlsplit(app["environment"]["DATABASE_URL"])
    assert url.scheme == "postgresql"
    assert url.hostname == "postgres" and "postgres" in services
    assert url.port == 5432
    pg_env = services["postgres"]["environment"]
    assert url.username == pg_env["POSTGRES_USER"]
    assert url.password == pg_env["POSTGRES_PASSWORD"], "the app must use postgres' password"
    assert url.path == "/" + pg_env["POSTGRES_DB"]
    assert app["depends_on"]["postgres"]["condition"] == "service_healthy"

    # Each process holds up to 17 connections (a pool of 16 and its listener).
    command = services["postgres"]["command"]
    max_connections = int(command[command.index("-c") + 1].split("=")[1])
    assert max_connections >= 17 * args.workers * replicas + 10


def test_the_proxy_serves_nginx_conf_on_port_8080_in_front_of_the_app():
    services = load_compose()["services"]
    proxy = services["proxy"]
    assert proxy["image"].startswith("nginx:")
    mounts = [v.split(":") for v in proxy["volumes"]]
    assert ["./nginx.conf", "/etc/nginx/nginx.conf", "ro"] in mounts
    assert (DEPLOY / "nginx.conf").is_file()
    assert "8080:8080" in proxy["ports"]
    assert "app" in proxy["depends_on"]
    assert "ports" not in services["app"], "only the proxy should be reachable from outside"


# --- nginx.conf -----------------------------------------------------------------------------


def strip_comments(text: str) -> str:
    return re.sub(r"#[^\n]*", "", text)


def nginx_blocks(text: str, header: str) -> list[tuple[str, str]]:
    """Every ``<header ...> { body }`` in ``text``: (the words after the header, the body)."""
    found = []
    for match in re.finditer(rf"(?m)^\s*{header}\b([^{{;]*)\{{", text):
        depth, i = 1, match.end()
        while depth:
            assert i < len(text), f"unclosed block {header}{match.group(1)}"
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        found.append((match.group(1).strip(), text[match.end() : i - 1]))
    return found


def directives(body: str, name: str) -> list[str]:
    """The arguments of each ``name ...;`` directly in ``body`` (not in nested blocks)."""
    flat, depth = [], 0
    for ch in body:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        flat.append(ch if depth == 0 or ch == "}" else " ")
    return [m.group(1).strip() for m in re.finditer(rf"(?m)^\s*{name}\s+([^;]*);", "".join(flat))]


def nginx_conf() -> str:
    return strip_comments((DEPLOY / "nginx.conf").read_text(encoding="utf-8"))


def stream_location() -> tuple[str, str]:
    """The location that serves the live streams: the one that turns buffering off."""
    (server,) = nginx_blocks(nginx_conf(), "server")
    unbuffered = [
        (words, body)
        for words, body in nginx_blocks(server[1], "location")
        if "off" in directives(body, "proxy_buffering")
    ]
    assert len(unbuffered) == 1, "one location with proxy_buffering off, for the streams"
    return unbuffered[0]


def test_nginx_sends_every_stream_path_to_the_unbuffered_location():
    words, _body = stream_location()
    modifier, pattern = words.split(None, 1)
    assert modifier == "~", "a case-sensitive regular expression location"
    for path in STREAM_PATHS:
        assert re.search(pattern, path), path
    for path in OTHER_PATHS:
        assert not re.search(pattern, path), path


def test_nginx_streams_unbuffered_uncompressed_and_for_hours():
    _words, body = stream_location()
    assert directives(body, "proxy_buffering") == ["off"]
    assert directives(body, "proxy_cache") == ["off"]
    assert directives(body, "gzip") == ["off"]
    assert seconds(directives(body, "proxy_read_timeout")[0]) >= HOUR
    assert "X-Accel-Buffering" not in " ".join(directives(body, "proxy_ignore_headers"))


def test_nginx_proxies_to_the_app_service_over_http_1_1():
    text = nginx_conf()
    (http,) = nginx_blocks(text, "http")
    upstreams = dict(nginx_blocks(http[1], "upstream"))
    ((server_words, server),) = nginx_blocks(http[1], "server")
    assert server_words == ""
    app = load_compose()["services"]["app"]
    port = serve_args(app["command"]).port
    locations = nginx_blocks(server, "location")
    assert {words for words, _ in locations} >= {"/"}
    for _words, body in locations:
        (target,) = directives(body, "proxy_pass")
        assert target.startswith("http://")
        upstream = upstreams[target.removeprefix("http://")]
        assert directives(upstream, "server"), "the upstream names no server"
        for entry in directives(upstream, "server"):
            assert entry.split()[0] == f"app:{port}", "the compose service and its port"
        keepalive = directives(upstream, "keepalive_timeout")
        assert keepalive and seconds(keepalive[0]) < 10, "below the app's 10 s idle limit"
    assert directives(server, "proxy_http_version") == ["1.1"]
    headers = {
        h.split(None, 1)[0]: h.split(None, 1)[1] for h in directives(server, "proxy_set_header")
    }
    assert headers["Connection"] == '""'
    assert headers["Host"] in ("$host", "$http_host")
    assert headers["X-Forwarded-For"] == "$proxy_add_x_forwarded_for"
    assert headers["X-Forwarded-Proto"] == "$scheme"
    assert directives(server, "listen") == ["8080"], "the port the compose file publishes"


# --- haproxy.cfg ----------------------------------------------------------------------------


def haproxy_sections() -> dict[str, list[str]]:
    """Each section (``defaults``, ``frontend x``, ``backend y``) and its lines."""
    sections: dict[str, list[str]] = {}
    current = None
    for raw in (DEPLOY / "haproxy.cfg").read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if not line[0].isspace():
            current = line.strip()
            sections[current] = []
        else:
            assert current, f"a line outside any section: {line!r}"
            sections[current].append(line.strip())
    return sections


def setting(lines: list[str], prefix: str) -> str | None:
    values = [line[len(prefix) :].strip() for line in lines if line.startswith(prefix + " ")]
    return values[-1] if values else None


def haproxy_backend_for(path: str) -> str:
    """The backend HAProxy's frontend picks for ``path`` (path_end and path_reg ACLs)."""
    (frontend,) = [
        lines for name, lines in haproxy_sections().items() if name.startswith("frontend")
    ]
    acls: dict[str, bool] = {}
    for line in frontend:
        if line.startswith("acl "):
            _, name, kind, pattern = line.split(None, 3)
            hit = {"path_end": path.endswith(pattern), "path_reg": bool(re.search(pattern, path))}
            assert kind in hit, f"an ACL this check cannot evaluate: {line}"
            acls[name] = acls.get(name, False) or hit[kind]
    for line in frontend:
        match = re.fullmatch(r"use_backend (\S+) if (\S+)", line)
        if match and acls[match.group(2)]:
            return match.group(1)
    return setting(frontend, "default_backend") or ""


def test_haproxy_keeps_streams_open_for_hours():
    sections = haproxy_sections()
    defaults = sections["defaults"]
    assert (
        setting(defaults, "timeout tunnel") and seconds(setting(defaults, "timeout tunnel")) >= HOUR
    )
    assert seconds(setting(defaults, "timeout client")) >= HOUR
    streams = {haproxy_backend_for(path) for path in STREAM_PATHS}
    assert len(streams) == 1, streams
    (backend,) = streams
    lines = sections[f"backend {backend}"]
    server_timeout = setting(lines, "timeout server") or setting(defaults, "timeout server")
    assert seconds(server_timeout) >= HOUR
    for path in OTHER_PATHS:
        assert haproxy_backend_for(path) != backend, path


def test_haproxy_checks_healthz_and_never_closes_server_connections_early():
    sections = haproxy_sections()
    every_line = [line for lines in sections.values() for line in lines]
    assert not any(
        line.startswith(("option http-server-close", "option httpclose")) for line in every_line
    )
    assert not any(line.startswith("compression") for line in every_line)
    assert setting(sections["defaults"], "mode") == "http"
    assert "option forwardfor" in sections["defaults"]
    backends = {
        name.split()[1]: lines for name, lines in sections.items() if name.startswith("backend")
    }
    checked = backends[haproxy_backend_for("/")]
    assert any("uri /healthz" in line for line in checked if line.startswith("http-check send"))
    assert "http-check expect status 200" in checked
    servers = {line.split()[1]: line for line in checked if line.startswith("server ")}
    assert servers and "check" in setting(checked, "default-server").split()
    stream_backend = backends[haproxy_backend_for(STREAM_PATHS[0])]
    for line in stream_backend:
        if line.startswith("server "):
            name = line.split()[1]
            assert f"track {haproxy_backend_for('/')}/{name}" in line, line
            assert line.split()[2] == servers[name].split()[2], "the same address"


# --- Dockerfile -----------------------------------------------------------------------------


def dockerfile() -> list[tuple[str, str]]:
    """The instructions, continuation lines joined: (INSTRUCTION, arguments)."""
    text = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    text = re.sub(
        r"\\\n",
        " ",
        "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#")),
    )
    return [
        (line.split(None, 1)[0].upper(), line.split(None, 1)[1] if " " in line.strip() else "")
        for line in text.splitlines()
        if line.strip()
    ]


def test_the_image_installs_the_postgresql_extra_from_python_3_11_slim():
    steps = dockerfile()
    assert steps[0] == ("FROM", "python:3.11-slim")
    runs = " ".join(args for op, args in steps if op == "RUN")
    assert re.search(r"pip install ['\"]?\.\[postgresql\]", runs)
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    assert "postgresql" in extras


def test_the_image_copies_everything_the_package_is_built_from():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    needed = {"pyproject.toml", pyproject["project"]["readme"]}
    wheel = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]
    needed |= set(wheel["packages"]) | set(wheel.get("force-include", {}))
    copied = set()
    for op, args in dockerfile():
        if op == "COPY":
            sources = args.split()[:-1]
            for source in sources:
                assert not source.startswith("--"), "no COPY --from or --chown here"
                assert (ROOT / source).exists(), f"COPY {source}: not in the repository"
                copied.add(source.rstrip("/"))
    assert "." in copied or needed <= copied, needed - copied


def test_the_image_does_not_run_as_root_and_serves_port_8000():
    steps = dockerfile()
    users = [args.split(":")[0] for op, args in steps if op == "USER"]
    assert users and users[-1] not in ("root", "0")
    last_user = max(i for i, (op, _) in enumerate(steps) if op == "USER")
    cmd = max(i for i, (op, _) in enumerate(steps) if op == "CMD")
    assert last_user < cmd
    assert ("EXPOSE", "8000") in steps
    args = serve_args(json.loads(steps[cmd][1]))
    assert args.port == 8000 and args.host == "0.0.0.0"
    assert args.db is None, "the database comes from DATABASE_URL in the environment"


# --- docs/scaling.md ------------------------------------------------------------------------


def slug(heading: str) -> str:
    """GitHub's anchor for a heading.

    >>> slug("Import: moving a group's history to another server")
    'import-moving-a-groups-history-to-another-server'
    """
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def relative_links(text: str) -> list[str]:
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    return [t for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:", t)]


def test_every_file_the_scaling_doc_links_to_exists():
    text = DOC.read_text(encoding="utf-8")
    links = relative_links(text)
    assert any(link.startswith("../deploy/") for link in links)
    for link in links:
        path, _, anchor = link.partition("#")
        target = (DOC.parent / path).resolve() if path else DOC
        assert target.exists(), f"{link}: no such file"
        if anchor:
            headings = re.findall(r"(?m)^#+ (.+)$", target.read_text(encoding="utf-8"))
            assert anchor in {slug(h) for h in headings}, f"{link}: no such heading"


def test_the_scaling_doc_names_only_options_companion_serve_has():
    parser = _parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    serve_options = set(sub.choices["serve"]._option_string_actions)
    text = DOC.read_text(encoding="utf-8")
    # Options of the other programs the doc shows: pip, PostgreSQL's tools, docker, ps.
    others = {"--pwprompt", "--owner", "--format", "--no-owner", "--role", "--build", "--scale"}
    named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", text))
    assert named - others <= serve_options, named - others - serve_options
    assert {"--workers", "--db"} <= named
