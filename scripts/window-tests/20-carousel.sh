# The carousel pages one card per drag-and-release and settles centred.
centred='d["collections"][0]["centeredIndex"]'
if start_app --scene carousel --size 1000x700 --dump-state "$work/carousel.json"; then
    drag 700 350 300 350 9 0      # past half a card, so it pages even if the machine slows the flick
    wait_idle || fail "carousel first flick" "still moving after 30 s"
    drag 700 350 100 350 4 0      # a much faster, longer flick still moves one card
    if wait_idle; then
        c=$(json_get "$app_dump" "$centred")
        x=$(json_get "$app_dump" 'd["collections"][0]["contentOffset"]["x"]')
        if [ "$c" = 2 ]; then pass "carousel pages one card per flick (centred card $c, offset $x)"
        else fail "carousel paging" "centred card is $c, expected 2 after two flicks"; fi
    else
        fail "carousel paging" "still moving 30 s after the second flick"
    fi
    quit_app
else
    fail "carousel window" "$start_error"
fi
