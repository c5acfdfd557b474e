#!/usr/bin/env python3
"""Soak: random drags, flicks, wheels and keys in a real window, with its resident memory read
every second (see Benchmarks/README.md). Run by Benchmarks/soak.sh, which starts Xvfb.

    soak.py DISPLAY BIN SCENE SECONDS [SEED]

Prints one JSON line: the window's RSS (VmRSS, MB) at the end of the first minute (or of the
first half when the soak is shorter than two minutes), at the end, its maximum after that mark,
the growth from the mark to the end, where it stood at each tenth of the run, and how many
actions of each kind were sent."""
import json, os, random, subprocess, sys, time

display, binary, scene, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
seed = int(sys.argv[5]) if len(sys.argv) > 5 else 1
env = dict(os.environ, DISPLAY=display)
rng = random.Random(seed)


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return -1.0


def xdo(*args):
    subprocess.run(["xdotool", *map(str, args)], env=env, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


app = subprocess.Popen([binary, "--fresh", "--scene", scene, "--size", "1280x800"], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(app.pid)],
                           env=env, capture_output=True, text=True, timeout=30)
    wid = found.stdout.split()[0]
    geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", wid], env=env,
                              capture_output=True, text=True).stdout
    g = dict(line.split("=", 1) for line in geometry.split())
    x0, y0, w, h = int(g["X"]), int(g["Y"]), int(g["WIDTH"]), int(g["HEIGHT"])

    def point():
        return x0 + rng.randint(40, w - 40), y0 + rng.randint(60, h - 40)

    def drag(steps, pause):
        (ax, ay), (bx, by) = point(), point()
        xdo("mousemove", ax, ay)
        xdo("mousedown", 1)
        for i in range(1, steps + 1):
            xdo("mousemove", ax + (bx - ax) * i // steps, ay + (by - ay) * i // steps)
            time.sleep(pause)
        xdo("mouseup", 1)

    keys = ["Right", "Left", "Up", "Down", "Page_Down", "Page_Up", "Home", "End", "Tab", "space", "Escape"]
    counts = {"drag": 0, "flick": 0, "wheel": 0, "key": 0}
    mark = min(60.0, seconds / 2)
    start = time.monotonic()
    at_mark = None
    samples = []
    next_sample = start
    while time.monotonic() - start < seconds:
        if app.poll() is not None:
            raise SystemExit(f"soak: {scene} exited with status {app.returncode}")
        kind = rng.choice(["drag", "flick", "wheel", "key"])
        counts[kind] += 1
        if kind == "drag":
            drag(rng.randint(8, 30), 0.02)
        elif kind == "flick":
            drag(4, 0.005)
        elif kind == "wheel":
            xdo("mousemove", *point())
            xdo("click", "--repeat", rng.randint(1, 12), "--delay", 15, rng.choice([4, 5, 6, 7]))
        else:
            xdo("key", rng.choice(keys))
        time.sleep(rng.uniform(0.05, 0.4))
        now = time.monotonic()
        if now >= next_sample:
            samples.append((now - start, rss_mb(app.pid)))
            next_sample = now + 1
        if at_mark is None and now - start >= mark:
            at_mark = rss_mb(app.pid)
    end = rss_mb(app.pid)
    after = [r for t, r in samples if t >= mark] + [end]
    # Where it stood every tenth of the run, to tell a level from a slow climb.
    tenths = [round(next((r for t, r in samples if t >= seconds * k / 10), end), 1) for k in range(1, 11)]
    print(json.dumps({"scene": scene, "seconds": seconds, "mark_s": mark, "rss_start_mb": round(samples[0][1], 1),
                      "rss_at_mark_mb": round(at_mark, 1), "rss_end_mb": round(end, 1),
                      "rss_max_after_mark_mb": round(max(after), 1), "growth_after_mark_mb": round(end - at_mark, 1),
                      "rss_each_tenth_mb": tenths,
                      "actions": counts}))
finally:
    app.terminate()
    try:
        app.wait(timeout=5)
    except subprocess.TimeoutExpired:
        app.kill()
