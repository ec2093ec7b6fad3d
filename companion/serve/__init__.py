"""Serving the app: the hardened WSGI server, worker processes, the mDNS name, redacted logs."""
