"""(Being written.)"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("seat_notes", __name__)
