// The Qt 6 Quick peer of Benchmarks/memory-startup.sh: a 1280x800 window with a GridView over
// 1,000,000 items, each a 140x90 cell with its number as a Text, as the GTK4 peer
// (gtk-grid-scroll.c --still) shows its GtkGridView of labels.
//
// Run: QT_QUICK_BACKEND=software QT_QPA_PLATFORM=xcb /usr/lib/qt6/bin/qml Benchmarks/peers/qt-grid.qml
// (Debian: apt-get install qt6-declarative-dev-tools qml6-module-qtquick qml6-module-qtquick-window
// qml6-module-qtqml-workerscript).
import QtQuick
import QtQuick.Window

Window {
    width: 1280
    height: 800
    visible: true
    title: "Qt Quick GridView peer"

    GridView {
        anchors.fill: parent
        model: 1000000
        cellWidth: 140
        cellHeight: 90
        delegate: Text {
            width: 140
            height: 90
            text: index
            horizontalAlignment: Text.AlignHCenter
            verticalAlignment: Text.AlignVCenter
        }
    }
}
