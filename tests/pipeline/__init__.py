"""The pipeline wing: loading a table, catching up, names, the per-version memo."""
