"""The command line: a thin Typer layer that turns domain errors into messages and exit codes.

Only this package prints. Its modules import the engine, the store and Rich inside the
commands that need them, so that ``euchre-log --help`` starts at once.
"""
