// The Qt 6 Quick peers of Benchmarks/gestures.sh that Benchmarks/peers/qt-latency-peer.cpp lacks:
//   draglist  a 400x800 ListView of 12 cards, 360x56, 8 apart, from (20, 20) (all fit, nothing
//             scrolls); a DragHandler on each card carries it, and as it passes another card's
//             slot the model moves it there, so the others make way (Qt's displaced transition
//             animates them); the release drops it in its slot;
//   pages     a 1280x800 horizontal ListView that snaps one page at a time (SnapOneItem), eight
//             pages of cards, flicked by a drag; Right turns to the next page.
//
// Build: c++ -O2 -fPIC -std=c++17 -o qt-gesture-peer qt-gesture-peer.cpp $(pkg-config --cflags --libs Qt6Quick)
// Run:   QT_QUICK_BACKEND=software QSG_RENDER_LOOP=basic QT_QPA_PLATFORM=xcb ./qt-gesture-peer draglist|pages
#include <QGuiApplication>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <cstdio>
#include <cstring>

static const char *dragListQml = R"(import QtQuick
Rectangle {
    width: 400; height: 800
    color: "#1e2128"
    ListModel {
        id: cards
        Component.onCompleted: { for (var i = 1; i <= 12; i++) append({ name: "Card " + i }) }
    }
    ListView {
        id: list
        x: 20; y: 20; width: 360; height: 780
        interactive: false
        spacing: 8
        model: cards
        displaced: Transition { NumberAnimation { properties: "y"; duration: 150 } }
        delegate: Item {
            id: slot
            width: 360; height: 56
            Rectangle {
                id: card
                width: 360; height: 56; radius: 8
                color: "#2e3440"
                Text { x: 16; anchors.verticalCenter: parent.verticalCenter; text: name; color: "white"; font.pixelSize: 15 }
                states: State {
                    when: handler.active
                    ParentChange { target: card; parent: list }
                    PropertyChanges { target: card; z: 10 }
                }
                DragHandler {
                    id: handler
                    yAxis.enabled: true
                    onCentroidChanged: if (active) {
                        const to = Math.max(0, Math.min(cards.count - 1, Math.floor((card.y + 28 + 4) / 64)))
                        if (to !== slot.ListView.view.indexAt(0, slot.y + 1)) cards.move(index, to, 1)
                    }
                    onActiveChanged: if (!active) { card.x = 0; card.y = 0 }
                }
            }
        }
    }
})";

static const char *pagesQml = R"(import QtQuick
ListView {
    width: 1280; height: 800
    focus: true
    orientation: ListView.Horizontal
    snapMode: ListView.SnapOneItem
    highlightRangeMode: ListView.StrictlyEnforceRange
    highlightMoveDuration: 250
    model: 8
    Keys.onRightPressed: incrementCurrentIndex()
    Keys.onLeftPressed: decrementCurrentIndex()
    delegate: Rectangle {
        width: 1280; height: 800
        color: "#1e2128"
        Rectangle {
            anchors.centerIn: parent
            width: 720; height: 480; radius: 16
            color: Qt.hsla(index / 8, 0.5, 0.45, 1)
            Text { anchors.centerIn: parent; text: "Card " + (index + 1); color: "white"; font.pixelSize: 40; font.bold: true }
        }
    }
})";

int main(int argc, char **argv) {
    bool pages = argc > 1 && strcmp(argv[1], "pages") == 0;
    QGuiApplication app(argc, argv);
    QQmlEngine engine;
    QQmlComponent component(&engine);
    component.setData(pages ? pagesQml : dragListQml, QUrl());
    auto *root = qobject_cast<QQuickItem *>(component.create());
    if (!root) {
        fprintf(stderr, "qt-gesture-peer: %s\n", qPrintable(component.errorString()));
        return 1;
    }
    QQuickWindow window;
    window.resize(pages ? 1280 : 400, 800);
    window.setTitle("Qt Quick gesture peer");
    root->setParentItem(window.contentItem());
    root->forceActiveFocus();
    window.show();
    return app.exec();
}
