"""``python -m euchre_log`` runs the command line."""

from euchre_log.cli import main

if __name__ == "__main__":  # not when a worker process of ``review`` imports it
    main()
