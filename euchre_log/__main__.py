"""``python -m euchre_log`` runs the command line."""

from euchre_log.cli import main

main()
