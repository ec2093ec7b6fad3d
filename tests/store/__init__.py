"""The store wing: the log, seats, plays, SQLite, PostgreSQL, the writer, migrations."""
