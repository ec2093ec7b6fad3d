"""The after-game wing: the results archive, its exports and charts, the public feed, webhooks.

It reads tables through the pipeline and plays through the store's methods, never SQL."""
