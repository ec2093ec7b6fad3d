"""Bad-input fuzzing of the JSON API, the form endpoints and the GET routes of every game."""
