#!/usr/bin/env python3
"""Time `fieldcheck prompt` takes a long line arriving at once (issue 29, 8).

Writes N digits to the field on a pseudo-terminal in one go, either as characters the
terminal did not bracket (then Enter) or as one bracketed paste, and prints how long until
the program exited (or, for a line past the field's 4,096-character limit, until the
refusal was drawn; Ctrl-C then ends it).

Usage: python3 benchmarks/prompt_long_line.py typed|paste N [FIELD ARGS...]
(default field: number). $FIELDCHECK is the binary (default .build/release/fieldcheck);
$LIMIT the seconds to wait before killing it (default 120).
"""
import fcntl, os, pty, select, struct, sys, tempfile, termios, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.environ.get("FIELDCHECK", os.path.join(ROOT, ".build/release/fieldcheck"))
mode, n = sys.argv[1], int(sys.argv[2])
args = ["prompt"] + (sys.argv[3:] or ["number"])
out = tempfile.NamedTemporaryFile(prefix="prompt-long-line-", delete=False).name

pid, master = pty.fork()
if pid == 0:
    os.dup2(os.open(out, os.O_WRONLY | os.O_TRUNC), 1)
    os.execv(binary, [binary] + args)
fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
# Raw mode is on once the field is drawn (the cursor goes back up from the message line).
seen = b""
deadline = time.monotonic() + 20
while time.monotonic() < deadline and b"\x1b[1A" not in seen:
    if select.select([master], [], [], 0.5)[0]:
        seen += os.read(master, 65536)
digits = ("1234567890" * (n // 10 + 1))[:n]
data = (("\x1b[200~" + digits + "\x1b[201~") if mode == "paste" else digits + "\r").encode()
os.set_blocking(master, False)
start = time.monotonic()
screen = b""
status = refused = None
while True:
    readable, writable, _ = select.select([master], [master] if data else [], [], 0.1)
    if readable:
        try:
            screen += os.read(master, 1 << 20)
        except OSError:
            pass
        if refused is None and not data and b"in a field on the terminal" in screen:
            refused = time.monotonic() - start
            os.write(master, b"\x03")
    if writable and data:
        try:
            data = data[os.write(master, data[:4096]):]
        except BlockingIOError:
            pass
    done, raw_status = os.waitpid(pid, os.WNOHANG)
    if done:
        status = os.waitstatus_to_exitcode(raw_status)
        break
    if time.monotonic() - start > float(os.environ.get("LIMIT", "120")):
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        status = "killed at the time limit"
        break
elapsed = time.monotonic() - start
value = open(out).read().strip()
os.unlink(out)
print(f"{mode} {n}: {elapsed:.2f} s, status {status}, stdout {len(value)} characters"
      + ("" if refused is None else f", limit refusal drawn after {refused:.2f} s"))
