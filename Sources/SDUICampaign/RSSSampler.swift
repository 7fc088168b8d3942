import Foundation
import SDUIPlatform

/// Samples, once a second, the resident memory of every running process of one executable
/// (`-fork` children included), through ``Platform``. Gives the peak per process and a timeline.
final class RSSSampler: @unchecked Sendable {
    private let executable: String
    private let lock = NSLock()
    private var running = true
    private(set) var peakMB = 0
    private(set) var samples: [(second: Double, maxMB: Int)] = []
    private var thread: Thread?

    init(executable: String) {
        self.executable = URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
    }

    func start() {
        let started = Date()
        let thread = Thread { [self] in
            while isRunning {
                let mb = currentMaxRSSMB()
                lock.lock()
                peakMB = max(peakMB, mb)
                samples.append((Date().timeIntervalSince(started), mb))
                lock.unlock()
                Thread.sleep(forTimeInterval: 1)
            }
        }
        self.thread = thread
        thread.start()
    }

    func stop() {
        lock.lock(); running = false; lock.unlock()
    }

    private var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return running }

    var result: (peakMB: Int, samples: [(second: Double, maxMB: Int)]) {
        lock.lock(); defer { lock.unlock() }
        return (peakMB, samples)
    }

    /// Largest resident memory among processes running `executable`, in MB.
    func currentMaxRSSMB() -> Int {
        Platform.processes(running: executable).compactMap { Platform.residentBytes(of: $0) }.map { $0 >> 20 }.max() ?? 0
    }
}
