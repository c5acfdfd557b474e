"""Asks a running demo for its state until a condition holds: the window tests' wait_state.

    poll-state.py PID DUMP EXPR SECONDS

Each round sends SIGUSR1 (once the app catches it), waits for the app to write DUMP (up to a
minute: a loaded machine can hold a starting app that long) and evaluates the Python expression
EXPR over the parsed dump `d`. Exits 0 once EXPR is true; 1 when SECONDS have passed without it,
printing what EXPR last was (or the exception it raised); 2 when no state came, printing why.
One process does the whole wait: a round costs a signal and a file read, not a handful of
programs started. With WAIT_LOG set, appends "milliseconds<TAB>exit<TAB>EXPR" to that file.
"""
import json, os, signal, sys, time

pid, dump, expr, limit = int(sys.argv[1]), sys.argv[2], sys.argv[3], float(sys.argv[4])
started = time.monotonic()
names = {"len": len, "abs": abs, "any": any, "all": all, "min": min, "max": max}


def finish(code, message=None):
    if message is not None:
        print(message)
    log = os.environ.get("WAIT_LOG")
    if log:
        with open(log, "a") as f:
            f.write(f"{(time.monotonic() - started) * 1000:.0f}\t{code}\t{expr}\n")
    sys.exit(code)


def alive():
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False


def catches_usr1():
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("SigCgt:"):
                    return int(line.split()[1], 16) & (1 << (signal.SIGUSR1 - 1)) != 0
    except OSError:
        pass
    return False


def wait_for(condition, seconds, step):
    end = time.monotonic() + seconds
    while not condition():
        if not alive() or time.monotonic() >= end:
            return False
        time.sleep(step)
    return True


def request():
    """The app's state now, or None (with the reason) if it gave none."""
    if not wait_for(catches_usr1, 60, 0.02):
        return None, "the app ended" if not alive() else "the app never caught SIGUSR1 within 60 s"
    try:
        os.unlink(dump)
    except FileNotFoundError:
        pass
    try:
        os.kill(pid, signal.SIGUSR1)
    except ProcessLookupError:
        return None, "the app ended"
    if not wait_for(lambda: os.path.exists(dump), 60, 0.01):
        return None, "the app ended" if not alive() else "the app wrote no state within 60 s of SIGUSR1"
    with open(dump) as f:
        return json.load(f), None


end = started + limit
while True:
    d, why = request()
    if d is None:
        finish(2, why)
    raised = None
    try:
        v = eval("(" + expr + "\n)", dict(names, d=d))
    except Exception as e:
        v = raised = f"{type(e).__name__}: {e}"
    if v is True:
        finish(0)
    if time.monotonic() >= end:
        if raised:
            # Said where a `|| true` after the wait cannot hide it: a misspelt key waits in vain.
            print(f"window tests: the condition {expr!r} still raised {raised} when its wait ended", file=sys.stderr)
        finish(1, json.dumps(v) if isinstance(v, (list, dict)) else v)
    time.sleep(0.1)
