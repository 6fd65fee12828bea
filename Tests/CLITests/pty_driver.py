"""Runs fieldcheck on a pseudo-terminal, types keys, and reports what happened (JSON on stdout).

Usage: pty_driver.py KEYS_JSON STDOUT_FILE -- fieldcheck args...
KEYS_JSON is a list of strings, each written to the terminal as one key (or one paste, when
wrapped in the bracketed-paste markers by the caller), with a pause after each; "<SIGTERM>"
(any "<SIGNAME>") sends that signal to the program instead.
Reports the terminal output (the screen bytes), the program's stdout (redirected to a file:
the terminal shows only the field), its exit status, whether the terminal mode after equals
the mode before, and for each key the milliseconds until the program redrew.
"""
import fcntl, json, os, pty, select, shlex, signal, struct, sys, termios, time

keys = json.loads(sys.argv[1])
stdout_file = sys.argv[2]
command = sys.argv[sys.argv.index("--") + 1:]

pid, master = pty.fork()
if pid == 0:
    os.execvp("sh", ["sh", "-c", "exec " + " ".join(shlex.quote(a) for a in command) + " > " + shlex.quote(stdout_file)])

# A wide terminal, so that no message is cut to the width (PTY_COLUMNS sets another).
columns = int(os.environ.get("PTY_COLUMNS", "200"))
fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
before = termios.tcgetattr(master)
screen = b""
latencies = []


def drain(timeout):
    global screen
    got_first = None
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return got_first
        ready, _, _ = select.select([master], [], [], left)
        if not ready:
            return got_first
        try:
            data = os.read(master, 65536)
        except OSError:
            return got_first
        if not data:
            return got_first
        if got_first is None:
            got_first = time.monotonic()
        screen += data
        deadline = min(deadline, time.monotonic() + 0.05)


drain(2.0)  # the first drawing
after_raw = termios.tcgetattr(master)
for key in keys:
    sent = time.monotonic()
    if key.startswith("<SIG") and key.endswith(">"):
        # A signal instead of a key: "<SIGTERM>", "<SIGHUP>".
        os.kill(pid, getattr(signal, key[1:-1]))
    else:
        os.write(master, key.encode("utf-8"))
    first = drain(1.0)
    latencies.append(None if first is None else round((first - sent) * 1000, 2))
status = None
for _ in range(300):
    done, raw_status = os.waitpid(pid, os.WNOHANG)
    if done:
        status = os.waitstatus_to_exitcode(raw_status)
        break
    drain(0.02)
    time.sleep(0.01)
# What the program wrote between the last drain and its exit is still in the terminal: read it
# to the end (EOF or EIO once the program's side is closed), or a final redraw is lost.
while status is not None:
    ready, _, _ = select.select([master], [], [], 1.0)
    try:
        data = os.read(master, 65536) if ready else b""
    except OSError:
        data = b""
    if not data:
        break
    screen += data
after = termios.tcgetattr(master)
with open(stdout_file, "rb") as f:
    out = f.read()
print(json.dumps({
    "screen": screen.decode("utf-8", "replace"),
    "stdout": out.decode("utf-8", "replace"),
    "status": status,
    "restored": before == after,
    "raw_during": before != after_raw,
    "latencies": latencies,
}))
