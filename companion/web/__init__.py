"""The web layer: blueprints that parse a request, call the pipeline and render a view."""
