// The Qt 6 Quick peer of the input-latency probe (Benchmarks/input-latency.sh), 1280x800:
//   grid  a GridView of 1,000,000 items (each a 140x90 cell with its number as a Text, as in
//         qt-grid-scroll.cpp) with the keyboard focus: the wheel scrolls it (Flickable's wheel
//         handling); Page Down and Page Up move it a page, from a Keys handler;
//   drag  a 140x90 Rectangle that a DragHandler moves with the pointer.
//
// Build: c++ -O2 -fPIC -std=c++17 -o qt-latency-peer qt-latency-peer.cpp $(pkg-config --cflags --libs Qt6Quick)
// Run:   QT_QUICK_BACKEND=software QSG_RENDER_LOOP=basic QT_QPA_PLATFORM=xcb ./qt-latency-peer grid|drag
#include <QGuiApplication>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <cstdio>
#include <cstring>

static const char *gridQml = R"(import QtQuick
GridView {
    width: 1280
    height: 800
    focus: true
    model: 1000000
    cellWidth: 140
    cellHeight: 90
    Keys.onPressed: (event) => {
        if (event.key === Qt.Key_PageDown) { contentY = Math.min(contentY + height, contentHeight - height); event.accepted = true }
        if (event.key === Qt.Key_PageUp) { contentY = Math.max(contentY - height, 0); event.accepted = true }
    }
    delegate: Text {
        width: 140
        height: 90
        text: index
        horizontalAlignment: Text.AlignHCenter
        verticalAlignment: Text.AlignVCenter
    }
})";

static const char *dragQml = R"(import QtQuick
Item {
    width: 1280
    height: 800
    Rectangle {
        x: 200; y: 150; width: 140; height: 90
        color: "#dde4ee"; border.color: "#667788"; radius: 6
        Text { anchors.centerIn: parent; text: "Card" }
        DragHandler {}
    }
})";

int main(int argc, char **argv) {
    bool drag = argc > 1 && strcmp(argv[1], "drag") == 0;
    QGuiApplication app(argc, argv);
    QQmlEngine engine;
    QQmlComponent component(&engine);
    component.setData(drag ? dragQml : gridQml, QUrl());
    auto *root = qobject_cast<QQuickItem *>(component.create());
    if (!root) {
        fprintf(stderr, "qt-latency-peer: %s\n", qPrintable(component.errorString()));
        return 1;
    }
    QQuickWindow window;
    window.resize(1280, 800);
    window.setTitle("Qt Quick input-latency peer");
    root->setParentItem(window.contentItem());
    root->forceActiveFocus();
    window.show();
    return app.exec();
}
