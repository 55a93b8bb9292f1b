"""The table-side recorder: its token grammar, and the loop that stores each entry."""
