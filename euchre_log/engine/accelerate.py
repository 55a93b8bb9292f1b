"""Build, check or remove the compiled engine (``engine.native`` says how it is used).

python3 -m euchre_log.engine.accelerate build     # needs mypy and a C compiler
python3 -m euchre_log.engine.accelerate status
python3 -m euchre_log.engine.accelerate clean
"""

from __future__ import annotations

import sys

from .native import NATIVE, build, status


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "status"
    if command == "build":
        print(f"compiled the engine: {build()}")
    elif command == "clean":
        import shutil

        shutil.rmtree(NATIVE, ignore_errors=True)
        print(f"removed {NATIVE}")
    elif command == "status":
        print(status())
    else:
        raise SystemExit("usage: python3 -m euchre_log.engine.native [build|status|clean]")


if __name__ == "__main__":
    main()
