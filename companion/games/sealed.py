"""The old place of sealed rounds, while the games move onto the kit: use ``kit.sealed``."""

from __future__ import annotations

from .kit.sealed import *  # noqa: F403
from .kit.sealed import _round  # noqa: F401
