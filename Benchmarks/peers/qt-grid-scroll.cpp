// The Qt 6 Quick peer of the grid-scrolling comparison (Benchmarks/gtk-grid-compare.sh), as
// gtk-grid-scroll.c is GTK4's: a GridView of 1,000,000 items, each a 140x90 cell with its number
// as a Text (the same QML as qt-grid.qml), in a 1280x800 window, scrolled 40 points a frame.
// Each frame's CPU time is this thread's from one frame's swap to the next (the scroll, the view's
// layout and delegate recycling, the scene graph's sync and the software renderer's drawing and
// flush). Run with the software scene graph and the basic render loop, so that all of it happens
// on this thread. After the warm-up frames, FRAMES frames are measured and their median, 99th
// percentile and maximum printed in milliseconds, as one JSON line.
//
// Build: c++ -O2 -fPIC -std=c++17 -o qt-grid-scroll qt-grid-scroll.cpp $(pkg-config --cflags --libs Qt6Quick)
//        (Debian: apt-get install qt6-declarative-dev qml6-module-qtquick)
// Run:   QT_QUICK_BACKEND=software QSG_RENDER_LOOP=basic QT_QPA_PLATFORM=xcb ./qt-grid-scroll [FRAMES]
#include <QGuiApplication>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

static const int items = 1000000;
static const int warmup = 30;

static double threadCpuMs() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double percentile(const std::vector<double> &sorted, double p) {
    int rank = int(p / 100 * sorted.size() + 0.999999) - 1;
    rank = std::clamp(rank, 0, int(sorted.size()) - 1);
    return sorted[rank];
}

int main(int argc, char **argv) {
    int wanted = argc > 1 ? atoi(argv[1]) : 600;
    if (wanted < 1) {
        fprintf(stderr, "usage: qt-grid-scroll [FRAMES]\n");
        return 2;
    }
    QGuiApplication app(argc, argv);
    QQmlEngine engine;
    QQmlComponent component(&engine);
    component.setData(R"(import QtQuick
GridView {
    width: 1280
    height: 800
    model: )" + QByteArray::number(items) + R"(
    cellWidth: 140
    cellHeight: 90
    delegate: Text {
        width: 140
        height: 90
        text: index
        horizontalAlignment: Text.AlignHCenter
        verticalAlignment: Text.AlignVCenter
    }
})", QUrl());
    auto *grid = qobject_cast<QQuickItem *>(component.create());
    if (!grid) {
        fprintf(stderr, "qt-grid-scroll: %s\n", qPrintable(component.errorString()));
        return 1;
    }
    QQuickWindow window;
    window.resize(1280, 800);
    window.setTitle("Qt Quick GridView peer (scrolling)");
    grid->setParentItem(window.contentItem());

    std::vector<double> frames;
    frames.reserve(wanted);
    int seen = 0;
    double last = -1, offset = 0;
    // After each frame reaches the window: the CPU time since the previous one is one frame; then
    // the next scroll step, which makes the window draw again.
    QObject::connect(&window, &QQuickWindow::frameSwapped, &window, [&] {
        double now = threadCpuMs();
        if (last >= 0) {
            if (seen >= warmup && int(frames.size()) < wanted) frames.push_back(now - last);
            seen++;
        }
        last = now;
        if (int(frames.size()) >= wanted) {
            std::sort(frames.begin(), frames.end());
            printf("{\"peer\": \"Qt Quick GridView, %d Texts 140x90, 40 points a frame\", \"frames\": %d, "
                   "\"frame_ms_p50\": %.3f, \"frame_ms_p99\": %.3f, \"frame_ms_max\": %.3f, \"offset\": %.0f}\n",
                   items, wanted, percentile(frames, 50), percentile(frames, 99), frames.back(), offset);
            fflush(stdout);
            QCoreApplication::quit();
            return;
        }
        offset += 40;
        grid->setProperty("contentY", offset);
    }, Qt::DirectConnection);
    window.show();
    return app.exec();
}
