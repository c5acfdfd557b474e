# Without a GPU render node the window draws with SDL's software renderer and never loads OpenGL
# (Mesa's libGL, its DRI driver and LLVM: about 48 MB of resident memory, and start-up time),
# in a scene with text, shadows and rounded corners.
if ls /dev/dri/renderD* >/dev/null 2>&1; then
    skip "no OpenGL without a GPU" "this machine has a GPU render node"
elif start_app --scene carousel --size 1280x800; then
    if wait_until 30 window_drawn; then
        gl=$(awk '$6 ~ /libGLX|libEGL|_dri\.so|libgallium|libLLVM/ { print $6 }' "/proc/$app_pid/maps" | sort -u | tr '\n' ' ')
        if [ -z "$gl" ]; then pass "a window without a GPU draws its first frame without loading OpenGL"
        else fail "no OpenGL without a GPU" "OpenGL was loaded: $gl"; fi
    else
        fail "no OpenGL without a GPU" "the window stayed blank for 30 s"
    fi
    quit_app || fail "no OpenGL without a GPU" "the app did not quit cleanly on Ctrl+Q"
else
    fail "no OpenGL without a GPU" "$start_error"
fi
