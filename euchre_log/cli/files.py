"""Writing an export: whole or not at all, so a full disk never leaves half a file.

The text goes to a new file beside the target, is flushed to the disk, and then takes the
target's place in one rename. Until that rename the old file is untouched; if anything
fails before it (no space left, a crash, an interrupt), the new file is removed and the
old one is still there, whole. A target that is not a regular file (``/dev/stdout``, a
pipe) cannot be replaced by a rename, and is written to directly.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


def _write(fd: int, data: bytes) -> None:
    """Write all of ``data`` to a file descriptor (a short write goes on with the rest)."""
    view = memoryview(data)
    while view:
        done = os.write(fd, view)
        view = view[done:]


def _new_file_mode() -> int:
    """The mode a new file gets here: 0o666 less the process's umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all; raises ``OSError`` with the
    old file, if any, left as it was. A symbolic link keeps pointing where it did: the
    file it points to is the one replaced."""
    data = text.encode("utf-8")
    target = Path(os.path.realpath(path))
    try:
        info = target.stat()
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        with open(target, "wb") as f:  # a device or a pipe: nothing to replace
            _write(f.fileno(), data)
        return
    mode = stat.S_IMODE(info.st_mode) if info is not None else _new_file_mode()
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        try:
            _write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
