import Foundation

/// Samples, once a second, the resident memory of every running process of one executable
/// (`-fork` children included), from /proc. Gives the peak per process and a timeline.
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

    /// Largest VmRSS among processes running `executable`, in MB.
    func currentMaxRSSMB() -> Int {
        guard let pids = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
        var best = 0
        for pid in pids where pid.first?.isNumber == true {
            guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"),
                  exe == executable,
                  let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { continue }
            for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
                let kb = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
                best = max(best, kb / 1024)
            }
        }
        return best
    }
}
