"""The after-game wing: the archive, exports, charts, the feed and webhooks."""
