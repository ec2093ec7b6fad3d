"""A plain (non-editable) install works: the wheel carries templates, static files and catalogs."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHECK = """
import sys
sys.path.insert(0, {target!r})
import companion
assert companion.__file__.startswith({target!r}), companion.__file__
from companion import create_app
app = create_app({{"DATABASE": {db!r}}})
client = app.test_client()
assert client.get("/").status_code == 200
assert client.get("/static/vendor/htmx-2.0.11.min.js").status_code == 200
page = client.get("/", headers={{"Accept-Language": "zh-TW"}}).get_data(as_text=True)
assert "桌遊小幫手" in page, "the compiled catalog was not found"
print("ok")
"""


def test_the_wheel_installs_and_serves_its_pages_and_translations(tmp_path):
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path / "dist"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    wheel = next((tmp_path / "dist").glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "companion/templates/base.html" in names
    assert "companion/static/js/app.js" in names
    assert "companion/translations/zh_Hant_TW/LC_MESSAGES/messages.mo" in names
    target = tmp_path / "site"
    installed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--target",
            str(target),
            str(wheel),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert installed.returncode == 0, installed.stderr
    # Run from an empty folder, so nothing can come from the source tree.
    run = subprocess.run(
        [sys.executable, "-c", CHECK.format(target=str(target), db=str(tmp_path / "w.db"))],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr
