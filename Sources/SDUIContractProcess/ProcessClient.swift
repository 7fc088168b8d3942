import Foundation
import SDUIContract
import SDUIPlatform
import SDUIPlatformProcesses
import SDUIPlugIn

/// A client run out of process: an executable speaking the render protocol (a fuzz target's
/// normal build given `--sdui-render-server`, see `FuzzReplay.main(_:)`). Processes are started on
/// demand, one per request in flight, and reused; one that crashes or hangs is replaced, and the
/// request that did it is a ``ClientFailure`` titled by `explainCrash`.
public final class ProcessClient: ContractClient, @unchecked Sendable {
    public let name: String
    /// The program and its arguments (the render-server flag included).
    public let launch: [String]
    public let environment: [String: String]
    /// Seconds one response may take before the client counts as hung.
    public let timeout: Double
    /// Titles a crash: given the body and what the process wrote to stderr.
    public let explainCrash: @Sendable (_ body: [UInt8], _ stderr: String, _ status: Int32) -> ClientFailure

    /// Mines the strings of the client's decoder code (its binary's literals); asked at most once,
    /// when the gate wants to know whether the code names a kind (``decoderStrings()``).
    public var mineStrings: (@Sendable () -> Set<String>?)?
    /// What ``mineStrings`` gave (nil: not asked yet).
    private var mined: Set<String>??

    private let lock = NSLock()
    private var idle: [Worker] = []
    private var all: [Worker] = []
    private var startFailure: ClientFailure?

    public init(name: String, launch: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                timeout: Double = 10,
                explainCrash: @escaping @Sendable ([UInt8], String, Int32) -> ClientFailure = ProcessClient.plainCrash) {
        self.name = name
        self.launch = launch
        self.environment = environment
        self.timeout = timeout
        self.explainCrash = explainCrash
        // A process that died mid-request must fail the write, not end the gate with SIGPIPE.
        Platform.ignoreBrokenPipes()
    }

    /// A crash titled by the runtime's own line (`Fatal error: …`) when the process wrote one.
    public static let plainCrash: @Sendable ([UInt8], String, Int32) -> ClientFailure = { _, stderr, status in
        let fatal = stderr.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("Could not cast") }
        return ClientFailure(.crashed, "crash (exit status \(status))" + (fatal.map { ": " + $0 } ?? ""),
                             detail: String(stderr.suffix(4000)))
    }

    public func render(_ body: [UInt8]) async -> Result<Rendering, ClientFailure> {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: self.renderNow(body))
            }
        }
    }

    public func decoderStrings() -> Set<String>? {
        lock.lock()
        if let mined {
            lock.unlock()
            return mined
        }
        lock.unlock()
        let strings = mineStrings?()
        lock.lock()
        mined = .some(strings)
        lock.unlock()
        return strings
    }

    /// Ends every process (the gate's run is over).
    public func close() {
        lock.lock()
        let workers = all
        all = []
        idle = []
        lock.unlock()
        for w in workers { w.stop() }
    }

    deinit { close() }

    private func renderNow(_ body: [UInt8]) -> Result<Rendering, ClientFailure> {
        let worker: Worker
        lock.lock()
        if let failure = startFailure {
            lock.unlock()
            return .failure(failure)
        }
        if let w = idle.popLast() {
            lock.unlock()
            worker = w
        } else {
            lock.unlock()
            do {
                worker = try Worker(launch: launch, environment: environment)
            } catch {
                let failure = ClientFailure(.unavailable, "cannot start \(launch.first ?? "?"): \(error.localizedDescription)")
                lock.lock(); startFailure = failure; lock.unlock()
                return .failure(failure)
            }
            lock.lock(); all.append(worker); lock.unlock()
        }
        switch worker.request(body, timeout: timeout) {
        case .answer(let tag, let payload):
            lock.lock(); idle.append(worker); lock.unlock()
            if tag == RenderFrame.renderingTag {
                do { return .success(try JSONDecoder().decode(Rendering.self, from: Data(payload))) } catch {
                    return .failure(ClientFailure(.protocolError, "the client's rendering could not be read: \(error)"))
                }
            }
            let failure = ClientFailure(.unavailable, String(decoding: payload, as: UTF8.self))
            lock.lock(); startFailure = failure; lock.unlock()
            return .failure(failure)
        case .died(let status, let stderr, let timedOut):
            lock.lock(); all.removeAll { $0 === worker }; lock.unlock()
            if timedOut {
                return .failure(ClientFailure(.crashed, "timeout: no rendering within \(Int(timeout)) s (the app would hang)",
                                              detail: String(stderr.suffix(4000))))
            }
            if !worker.answeredOnce, status == 126 || status == 127 {
                // The shell could not find or run the command: the client never started, so no
                // response was checked (an error), which a crash, now breaking, must not be taken for.
                let failure = ClientFailure(.unavailable, "cannot start \(launch.joined(separator: " ")) (exit status \(status))",
                                            detail: String(stderr.suffix(2000)))
                lock.lock(); startFailure = failure; lock.unlock()
                return .failure(failure)
            }
            if !worker.answeredOnce, status == 64 || status == 0 || stderr.contains("usage:") {
                // It exited on the flag: a replayer built with FuzzReplay.main(test), not main(harness).
                let failure = ClientFailure(.unavailable, "\(launch.first ?? "?") does not serve renderings: end its file with "
                                            + "`FuzzReplay.main(Target.harness)`",
                                            detail: String(stderr.suffix(2000)))
                lock.lock(); startFailure = failure; lock.unlock()
                return .failure(failure)
            }
            return .failure(explainCrash(body, stderr, status))
        }
    }

    /// One running process.
    final class Worker: @unchecked Sendable {
        enum Outcome {
            case answer(UInt8, [UInt8])
            case died(Int32, String, timedOut: Bool)
        }
        let process = Process()
        let input: FileHandle
        let output: FileHandle
        private let stderrLock = NSLock()
        private var stderrData = Data()
        private(set) var answeredOnce = false

        init(launch: [String], environment: [String: String]) throws {
            let stdinPipe = Pipe(), stdoutPipe = Pipe(), stderrPipe = Pipe()
            process.executableURL = URL(fileURLWithPath: launch[0])
            process.arguments = Array(launch.dropFirst())
            var env = environment
            env["SWIFT_BACKTRACE"] = "enable=no"  // the crash is explained by a separate replay
            process.environment = env
            process.standardInput = stdinPipe
            process.standardOutput = stdoutPipe
            process.standardError = stderrPipe
            input = stdinPipe.fileHandleForWriting
            output = stdoutPipe.fileHandleForReading
            stderrPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self, !data.isEmpty else { handle.readabilityHandler = nil; return }
                self.stderrLock.lock()
                self.stderrData.append(data)
                if self.stderrData.count > 64 << 10 { self.stderrData = self.stderrData.suffix(32 << 10) }
                self.stderrLock.unlock()
            }
            try ProcessRunner.startUnblocked(process)
        }

        func request(_ body: [UInt8], timeout: Double) -> Outcome {
            let frame = Data(RenderFrame.request(body))
            let watchdog = DispatchWorkItem { [process] in if process.isRunning { Platform.kill(process.processIdentifier) } }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
            defer { watchdog.cancel() }
            do { try input.write(contentsOf: frame) } catch { return died(timedOut: false) }
            guard let header = readExactly(5), let length = RenderFrame.length(of: header.dropFirst()) else {
                return died(timedOut: watchdogFired(watchdog))
            }
            guard let payload = readExactly(length) else { return died(timedOut: watchdogFired(watchdog)) }
            answeredOnce = true
            return .answer(header[0], payload)
        }

        private func watchdogFired(_ item: DispatchWorkItem) -> Bool {
            process.waitUntilExit()
            return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL && !item.isCancelled
        }

        private func died(timedOut: Bool) -> Outcome {
            if process.isRunning { process.waitUntilExit() }
            // Let the stderr reader catch up with what the process wrote before it ended.
            Thread.sleep(forTimeInterval: 0.05)
            stderrLock.lock()
            let text = String(decoding: stderrData, as: UTF8.self)
            stderrLock.unlock()
            return .died(process.terminationStatus, text, timedOut: timedOut)
        }

        private func readExactly(_ count: Int) -> [UInt8]? {
            var result = [UInt8]()
            result.reserveCapacity(count)
            while result.count < count {
                guard let chunk = try? output.read(upToCount: count - result.count), !chunk.isEmpty else { return nil }
                result.append(contentsOf: chunk)
            }
            return result
        }

        func stop() {
            try? input.close()
            if process.isRunning { process.terminate() }
        }
    }
}
