"""``python -m euchre_log`` runs the command line."""

from euchre_log.cli.app import main

main()
