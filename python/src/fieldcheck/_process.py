"""Running the fieldcheck binary: where it is, its exit statuses as exceptions, and one process
fed through a pipe while its output is read (never one process per value)."""

from __future__ import annotations

import fcntl
import os
import stat
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Iterable, Iterator, Sequence

__all__ = [
    "FieldcheckError",
    "ConfigurationError",
    "InputOutputError",
    "binary_path",
]

_BUNDLED = Path(__file__).resolve().parent / "bin" / "fieldcheck"


class FieldcheckError(RuntimeError):
    """fieldcheck could not do what was asked: it exited with a status other than 0 (all
    accepted) or 1 (some rejected), or it could not be started.

    `status` is the exit status (None when it did not run), `message` fieldcheck's own message
    from stderr, `argv` the command line."""

    def __init__(self, message: str, status: int | None = None,
                 argv: Sequence[str] | None = None):
        super().__init__(message)
        self.message = message
        self.status = status
        self.argv = list(argv) if argv is not None else None


class ConfigurationError(FieldcheckError, ValueError):
    """Exit status 2: a usage or configuration error (unknown locale, bad option, malformed
    set, pattern or schema). The message is fieldcheck's, which says what and where."""


class InputOutputError(FieldcheckError, OSError):
    """Exit status 3: an input file could not be read, or an output could not be written."""


def binary_path() -> str:
    """The fieldcheck executable this package runs: $FIELDCHECK_BINARY when set, else the one
    bundled in the wheel (fieldcheck/bin/fieldcheck)."""
    override = os.environ.get("FIELDCHECK_BINARY")
    if override:
        return override
    if not _BUNDLED.is_file():
        raise FieldcheckError(
            f"{_BUNDLED}: this fieldcheck package has no bundled binary (a source checkout?); "
            "install the wheel, or set FIELDCHECK_BINARY to a fieldcheck executable")
    if not os.access(_BUNDLED, os.X_OK):
        try:  # an installer that dropped the mode bits
            _BUNDLED.chmod(_BUNDLED.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        except OSError as error:
            raise FieldcheckError(f"{_BUNDLED} is not executable: {error}") from error
    return str(_BUNDLED)


def raise_for_status(status: int, stderr: bytes, argv: Sequence[str]) -> None:
    """Turn an exit status other than 0 or 1 into the exception that names it."""
    if status in (0, 1):
        return
    message = "\n".join(
        line for line in stderr.decode("utf-8", "replace").splitlines()
        if not line.startswith("fieldcheck: summary: ")).strip()
    if not message:
        message = f"fieldcheck {argv[1] if len(argv) > 1 else ''} exited with status {status}"
    if status == 2:
        raise ConfigurationError(message, status, argv)
    if status == 3:
        raise InputOutputError(message, status, argv)
    if status < 0:
        message = f"fieldcheck was killed by signal {-status}: {message}"
    raise FieldcheckError(message, status, argv)


_PIPE_SIZE = 1 << 20
_F_SETPIPE_SZ = getattr(fcntl, "F_SETPIPE_SZ", 1031)


def _widen(pipe) -> None:
    """Give a pipe 1 MiB instead of 64 KiB (Linux; up to /proc/sys/fs/pipe-max-size): fewer
    hand-offs between fieldcheck and this process, each of which waits for the scheduler."""
    if pipe is None:
        return
    try:
        fcntl.fcntl(pipe.fileno(), _F_SETPIPE_SZ, _PIPE_SIZE)
    except OSError:
        pass


def stream(argv: Sequence[str], chunks: Iterable[bytes], stdin_file=None) -> Iterator[bytes]:
    """Run argv, write the byte chunks to its stdin from a thread (or give it stdin_file), and
    yield its stdout line by line (bytes, with the newline) as it comes; when it ends, raise
    FieldcheckError (or a subclass) for an exit status other than 0 or 1.

    Writing from a thread while this one reads keeps both pipes moving: fieldcheck writes its
    answers while it reads, so a writer that waited for the reader (or the other way round)
    would deadlock once a pipe buffer filled. stderr goes to a temporary file for the same
    reason. Stopping the iteration early kills the process."""
    argv = [str(a) for a in argv]
    stderr = tempfile.TemporaryFile()
    try:
        proc = subprocess.Popen(
            argv, stdin=stdin_file if stdin_file is not None else subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=stderr, bufsize=_PIPE_SIZE)
    except OSError as error:
        stderr.close()
        raise FieldcheckError(f"cannot run {argv[0]}: {error}", None, argv) from error
    for pipe in (proc.stdin, proc.stdout):
        _widen(pipe)
    failure: list[BaseException] = []

    def write():
        try:
            for chunk in chunks:
                if chunk:
                    proc.stdin.write(chunk)
        except (BrokenPipeError, ValueError):
            pass  # it stopped reading (an error it reports on stderr), or we closed the pipe
        except BaseException as error:  # a bad value in the caller's iterator
            failure.append(error)
            proc.kill()
        finally:
            try:
                proc.stdin.close()
            except (BrokenPipeError, OSError):
                pass

    writer = None
    if stdin_file is None:
        writer = threading.Thread(target=write, name="fieldcheck-stdin", daemon=True)
        writer.start()
    finished = False
    try:
        for line in proc.stdout:
            yield line
        if writer is not None:
            writer.join()
        status = proc.wait()
        finished = True
        if failure:
            raise failure[0]
        stderr.seek(0)
        raise_for_status(status, stderr.read(), argv)
    finally:
        if not finished and proc.poll() is None:
            proc.kill()
        proc.stdout.close()
        proc.wait()
        if writer is not None:
            writer.join()
        stderr.close()


def run(argv: Sequence[str], data: bytes | None = None, stdin_file=None):
    """Run argv to the end with data (or stdin_file) as stdin; return (status, stdout, stderr),
    raising for an exit status other than 0 or 1."""
    argv = [str(a) for a in argv]
    stdin = {} if data is not None else {
        "stdin": stdin_file if stdin_file is not None else subprocess.DEVNULL}
    try:
        result = subprocess.run(argv, input=data, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, **stdin)
    except OSError as error:
        raise FieldcheckError(f"cannot run {argv[0]}: {error}", None, argv) from error
    raise_for_status(result.returncode, result.stderr, argv)
    return result.returncode, result.stdout, result.stderr
