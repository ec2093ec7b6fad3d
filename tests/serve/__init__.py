"""Serving the app: the command, the mDNS name, the limits on what a client may hold."""
