"""Runs fieldcheck on a pseudo-terminal, types keys, and reports what happened (JSON on stdout).

Usage: pty_driver.py KEYS_JSON STDOUT_FILE -- fieldcheck args...
KEYS_JSON is a list of strings, each written to the terminal as one key (or one paste, when
wrapped in the bracketed-paste markers by the caller), with a pause after each; "<SIGTERM>"
(any "<SIGNAME>") sends that signal to the program instead.
Reports the terminal output (the screen bytes), the program's stdout (redirected to a file:
the terminal shows only the field), its exit status, whether the terminal mode after equals
the mode before, and for each key the milliseconds until the program redrew and until it
last drew (the key's writing included), what it drew and whether the terminal echoes after it.

"<SIGTSTP>", "<SIGSTOP>" or Ctrl-Z among the keys runs the program as a job-control shell runs a job:
in a process group of its own, in the terminal's foreground, its parent in the session
waiting for it (the kernel discards SIGTSTP sent to an orphaned group, as the program's
group is when it leads the session). After a stop signal the driver waits until the
program is stopped (at most 2 s), reports whether the terminal was restored by then ("stops"), and sets
the terminal back to the mode it had before, echo on, as a shell does while a job is
stopped; "<SIGCONT>" then continues the program.
"""
import fcntl, json, os, pty, select, shlex, signal, struct, sys, termios, time

keys = json.loads(sys.argv[1])
stdout_file = sys.argv[2]
command = sys.argv[sys.argv.index("--") + 1:]

# Ctrl-Z too: the program stops itself when raw mode reads it.
stops_it = ("<SIGTSTP>", "<SIGSTOP>", "\x1a")
job_control = any(key in stops_it for key in keys)
shell_line = "exec " + " ".join(shlex.quote(a) for a in command) + " > " + shlex.quote(stdout_file)
if job_control:
    pid_read, pid_write = os.pipe()

pid, master = pty.fork()
if pid == 0:
    if not job_control:
        os.execvp("sh", ["sh", "-c", shell_line])

    def foreground():
        # tcsetpgrp from a group not yet in the foreground would stop it with SIGTTOU.
        signal.signal(signal.SIGTTOU, signal.SIG_IGN)
        os.tcsetpgrp(0, os.getpgrp())
        signal.signal(signal.SIGTTOU, signal.SIG_DFL)

    job = os.fork()
    if job == 0:
        os.setpgid(0, 0)
        foreground()
        os.execvp("sh", ["sh", "-c", shell_line])
    try:
        os.setpgid(job, job)
    except OSError:
        pass  # the job did it first
    os.write(pid_write, b"%d\n" % job)
    while True:
        _, raw_status = os.waitpid(job, os.WUNTRACED)
        if not os.WIFSTOPPED(raw_status):
            break
    # The job's status as this process's own, for the driver's waitpid.
    if os.WIFSIGNALED(raw_status):
        signal.signal(os.WTERMSIG(raw_status), signal.SIG_DFL)
        os.kill(os.getpid(), os.WTERMSIG(raw_status))
    os._exit(os.WEXITSTATUS(raw_status) if os.WIFEXITED(raw_status) else 1)

# The process signals are sent to: the program itself.
target = pid
if job_control:
    os.close(pid_write)
    target = int(os.read(pid_read, 64).decode())


def stopped(process):
    try:
        with open("/proc/%d/stat" % process) as f:
            return f.read().rsplit(")", 1)[1].split()[0] in ("T", "t")
    except OSError:
        return False


# A wide terminal, so that no message is cut to the width (PTY_COLUMNS sets another).
columns = int(os.environ.get("PTY_COLUMNS", "200"))
fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
before = termios.tcgetattr(master)
screen = b""
latencies = []
settled = []
got_last = None
drawn = []
echoes = []
stops = []


def drain(timeout):
    global screen, got_last
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
        got_last = time.monotonic()
        screen += data
        deadline = min(deadline, time.monotonic() + 0.05)


drain(2.0)  # the first drawing
after_raw = termios.tcgetattr(master)
for key in keys:
    sent = time.monotonic()
    shown = len(screen)
    if key.startswith("<SIG") and key.endswith(">"):
        # A signal instead of a key: "<SIGTERM>", "<SIGHUP>".
        os.kill(target, getattr(signal, key[1:-1]))
    else:
        os.write(master, key.encode("utf-8"))
    if key in stops_it:
        deadline = time.monotonic() + 2.0
        while not stopped(target) and time.monotonic() < deadline:
            time.sleep(0.01)
        first = drain(0.3)
        stops.append({"stopped": stopped(target), "restored": termios.tcgetattr(master) == before})
        termios.tcsetattr(master, termios.TCSANOW, before)
    else:
        first = drain(1.0)
    latencies.append(None if first is None else round((first - sent) * 1000, 2))
    settled.append(None if first is None else round((got_last - sent) * 1000, 2))
    drawn.append(screen[shown:].decode("utf-8", "replace"))
    echoes.append(bool(termios.tcgetattr(master)[3] & termios.ECHO))
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
    "settled": settled,
    "drawn": drawn,
    "echoes": echoes,
    "stops": stops,
}))
