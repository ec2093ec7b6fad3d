"""The durable store: every table, seat, action and play, in SQLite or PostgreSQL.

All SQL lives in this package; the pipeline and the after-game wing call its methods."""
