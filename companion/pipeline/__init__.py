"""The table pipeline: every change to a table goes through here, under the table's lock.

Who acts, what the rules say, what the log keeps, what each viewer may see, and the
fan-out that tells every screen and every process."""
