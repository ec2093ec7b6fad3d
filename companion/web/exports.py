"""(Being written.)"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("exports", __name__)
