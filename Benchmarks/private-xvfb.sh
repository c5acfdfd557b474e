# Sourced by the benchmark scripts: start_private_xvfb starts an Xvfb of its own on the first free
# display from :200 (1400x900, 24-bit, no TCP), logging to $work/xvfb.log, and waits until it
# answers. Sets $display and $xvfb_pid. stop_private_xvfb (for an EXIT trap) ends the program in
# $app_pid if any, then the Xvfb, and removes $work.
start_private_xvfb() {
    local n
    for n in $(seq 200 260); do
        [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] || { display=":$n"; break; }
    done
    Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
    xvfb_pid=$!
    for _ in $(seq 100); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.1; done
}

stop_private_xvfb() {
    [ -n "${app_pid:-}" ] && kill "$app_pid" 2>/dev/null
    kill "$xvfb_pid" 2>/dev/null
    rm -rf "$work"
}
