"""`companion serve` on the host: HTTPS with a certificate, and a warning when saving may fail."""

from __future__ import annotations

import datetime
import json
import shutil
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from companion.cli import storage_warning

from .spawn import serve

WARNING = "WARNING: the database may fail to save"


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, by openssl (else the cryptography package)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    if shutil.which("openssl"):
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
            + ["-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1"]
            + ["-addext", "subjectAltName=IP:127.0.0.1"],
            check=True,
            capture_output=True,
            timeout=60,
        )
        return cert, key
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    private = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(private.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(private, hashes.SHA256())
    )
    cert.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key.write_bytes(
        private.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert, key


def test_serve_with_a_certificate_speaks_https(tmp_path: Path):
    cert, key = self_signed(tmp_path)
    server = serve(
        tmp_path / "tls.db", "--cert", str(cert), "--key", str(key), "--read-timeout", "1"
    )
    try:
        assert server.base.startswith("https://127.0.0.1:")
        # Verification disabled, as a phone's "continue anyway" on a self-signed certificate.
        unverified = ssl._create_unverified_context()
        with urllib.request.urlopen(server.base + "/healthz", context=unverified, timeout=5) as r:
            assert json.loads(r.read()) == {"status": "ok"}
        # And verified, trusting this one certificate: it is really the server's.
        trusting = ssl.create_default_context(cafile=str(cert))
        with urllib.request.urlopen(server.base + "/healthz", context=trusting, timeout=5) as r:
            assert r.status == 200
        # Plain HTTP to the HTTPS port, and a client that never starts the handshake, are
        # both closed (the second after the read timeout), and the server goes on.
        for hello in (b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", b""):
            with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
                sock.sendall(hello)
                sock.settimeout(4)
                try:
                    assert b"200 OK" not in sock.recv(4096)
                except ConnectionResetError:
                    pass
        with urllib.request.urlopen(server.base + "/healthz", context=unverified, timeout=5) as r:
            assert r.status == 200
    finally:
        log = server.stop()
    assert "Traceback" not in log


# -- a warning when the database may fail to save ---------------------------------------------


# Tests run as root, for whom file modes do not stop writes; a read-only sysctl in /proc
# refuses to be opened for writing, and /proc refuses new files, whoever asks.
READ_ONLY_FILE = "/proc/sys/kernel/osrelease"


def first_stderr_lines(db: str, timeout: float = 20) -> str:
    """Start `companion serve` on ``db``; what it wrote on stderr (it may not start at all)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", "0"]
        + ["--db", db, "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + timeout
        while proc.poll() is None and time.monotonic() < deadline:
            assert proc.stdout is not None
            if "running at" in proc.stdout.readline():
                break
    finally:
        if proc.poll() is None:
            proc.terminate()
        _, err = proc.communicate(timeout=10)
    return err


def warnings_in(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith(WARNING)]


def test_serve_warns_when_the_database_folder_is_not_writable(tmp_path: Path):
    err = first_stderr_lines("/proc/companion-test/companion.db")
    (warning,) = warnings_in(err)
    assert "the folder /proc is not writable" in warning
    # Where it can save, it says nothing, and speaks plain HTTP without a certificate.
    server = serve(tmp_path / "fine.db", "--quiet")
    assert server.base.startswith("http://")
    assert WARNING not in server.stop()


def test_serve_warns_when_the_database_file_is_not_writable():
    err = first_stderr_lines(READ_ONLY_FILE)
    (warning,) = warnings_in(err)
    assert f"the database file {READ_ONLY_FILE} is not writable" in warning


def test_the_storage_check_names_an_unwritable_file_and_its_folder():
    warning = storage_warning(READ_ONLY_FILE)
    assert warning is not None and warning.startswith(WARNING)
    assert f"the database file {READ_ONLY_FILE} is not writable" in warning
    assert "the folder /proc/sys/kernel is not writable" in warning


def test_the_storage_check_warns_when_the_disk_is_nearly_full(tmp_path: Path):
    assert storage_warning(tmp_path / "x.db") is None
    free = shutil.disk_usage(tmp_path).free
    warning = storage_warning(tmp_path / "x.db", min_free=free + 10**12)
    assert warning is not None and f"only {free // 2**20} MB free on its disk" in warning
    # A folder that does not exist yet is judged by the one it will be created in.
    assert storage_warning(tmp_path / "new" / "deeper" / "x.db") is None
