"""(Being written.)"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("feed", __name__)
