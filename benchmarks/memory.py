"""What reading a file costs in memory: the peak of ``check --json`` on hostile files and
on a season's corpus.

    python3 -m benchmarks.memory
    python3 -m benchmarks.memory --hands 10000

The files of issue 23 are made again (in the temp folder): 63 MB and 31 MB of one-word
notes in one hand, 38 MB of unknown keys; beside them, one-word notes and one long
unknown text just under the size limit, files just under the bounds on JSON objects and
values, and the 10,000-hand corpus
of ``benchmarks/corpus.py`` (every file in one command). Each command runs in a process
of its own, and its peak resident memory is what the system counted
(``resource.getrusage``). It prints figures and never fails.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.corpus import write_corpus  # noqa: E402

CLI = [sys.executable, "-m", "euchre_log"]
PLAYERS = {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}
MB = 1024 * 1024
"""A megabyte, as euchre-log's messages count it."""


def peak_mb(args: list[str]) -> tuple[float, str]:
    """The peak memory of one command, in MB, and what it printed."""
    probe = (
        "import resource, subprocess, sys; "
        "out = subprocess.run(sys.argv[1:], capture_output=True, text=True).stdout; "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); print(out)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, *CLI, *args], capture_output=True, text=True, cwd=ROOT
    )
    peak, _, out = done.stdout.partition("\n")
    return int(peak or 0) / 1024, out


def _game() -> dict[str, object]:
    return {
        "format": "euchre-log/1",
        "game": {"players": PLAYERS},
        "hands": [{"dealer": "W", "upcard": "9H", "actions": []}],
    }


def notes_file(path: Path, size: int) -> Path:
    """About ``size`` bytes of one-word notes in one hand."""
    note = json.dumps({"type": "note", "text": "a note"})
    count = size // (len(note) + 2)
    text = json.dumps(_game()).replace('"actions": []', f'"actions": [{", ".join([note] * count)}]')
    path.write_text(text, encoding="utf-8")
    return path


def unknown_keys_file(path: Path, size: int) -> Path:
    """About ``size`` bytes of keys the format does not have."""
    junk = ", ".join(f'"k{i:09d}": 1' for i in range(size // 17))
    text = json.dumps(_game()).replace('"hands": [', f'"junk": {{{junk}}}, "hands": [')
    path.write_text(text, encoding="utf-8")
    return path


def long_text_file(path: Path, size: int) -> Path:
    doc = _game()
    doc["junk"] = "x" * size
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def objects_file(path: Path, count: int, keys: int) -> Path:
    """``count`` small unknown objects, each of ``keys`` keys."""
    doc = _game()
    doc["junk"] = [{f"k{j}": j for j in range(keys)} for _ in range(count)]
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands in the corpus")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "euchre-log-bench",
        help="where the corpus is kept between runs",
    )
    args = parser.parse_args()
    from euchre_log.formats.reader import MAX_FILE_BYTES, MAX_JSON_OBJECTS, MAX_JSON_VALUES

    corpus = write_corpus(args.cache / f"corpus-{args.hands}", args.hands, 20261130)
    base, _ = peak_mb(["check", "--json", str(ROOT / "sample_logs" / "family-game.json")])
    rows: list[tuple[str, float, str]] = []
    half = MAX_JSON_OBJECTS // 2  # and as many keys as the bound on values lets them have
    keys = MAX_JSON_VALUES // half - 2
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        files = [
            ("63 MB of one-word notes", notes_file(folder / "notes63.json", 63 * MB)),
            ("31 MB of one-word notes", notes_file(folder / "notes31.json", 31 * MB)),
            ("38 MB of unknown keys", unknown_keys_file(folder / "keys38.json", 38 * MB)),
            (
                "one-word notes, under the size limit",
                notes_file(folder / "notes.json", MAX_FILE_BYTES - 64 * 1024),
            ),
            (
                "one unknown text, under the size limit",
                long_text_file(folder / "text.json", MAX_FILE_BYTES - 4096),
            ),
            (
                f"{MAX_JSON_OBJECTS - 16:,} unknown objects of one key",
                objects_file(folder / "objects.json", MAX_JSON_OBJECTS - 16, 1),
            ),
            (
                f"{half:,} unknown objects of {keys} keys",
                objects_file(folder / "values.json", half, keys),
            ),
        ]
        for what, path in files:
            peak, out = peak_mb(["check", "--json", str(path)])
            error = json.loads(out)["games"][0]["error"]
            said = "read" if error is None else "refused: " + error["message"][:70] + "..."
            rows.append((f"{what} ({path.stat().st_size / MB:.0f} MB)", peak, said))
    peak, _ = peak_mb(["check", "--json", *map(str, corpus)])
    rows.append((f"the {args.hands:,}-hand corpus, {len(corpus)} files", peak, "read"))
    peak, _ = peak_mb(["check", "--json", *map(str, corpus[: len(corpus) // 10])])
    rows.append((f"a tenth of it, {len(corpus) // 10} files", peak, "read"))
    print(f"Peak memory of check --json (of one sample game: {base:.0f} MB):")
    width = max(len(r[0]) for r in rows)
    for what, peak, said in rows:
        print(f"  {what:<{width}}  {peak:6.0f} MB  {said}")
    print(f"\nThe size limit is {MAX_FILE_BYTES / 2**20:.0f} MB; Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
