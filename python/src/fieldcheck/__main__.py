"""The `fieldcheck` console script: run the bundled binary with the same arguments.

exec replaces this Python process with fieldcheck, so stdin, stdout, stderr, signals and the
exit status are the binary's own."""

import os
import sys

from ._process import FieldcheckError, binary_path


def main() -> None:
    try:
        path = binary_path()
    except FieldcheckError as error:
        sys.stderr.write(f"fieldcheck: {error}\n")
        sys.exit(2)
    try:
        os.execv(path, ["fieldcheck", *sys.argv[1:]])
    except OSError as error:
        sys.stderr.write(f"fieldcheck: cannot run {path}: {error}\n")
        sys.exit(126)


if __name__ == "__main__":
    main()
