import Foundation

/// Runs `body` on a thread with a small stack (default 512 KiB, like a secondary thread or a
/// Swift concurrency worker in an app), and returns its result. A decoder that recursed without
/// bound would crash the test process here rather than pass.
public func onSmallStack<T: Sendable>(bytes: Int = 512 << 10, _ body: @escaping @Sendable () -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.set(body())
        done.signal()
    }
    thread.stackSize = bytes
    thread.start()
    done.wait()
    return box.get()!
}

final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T?
    func set(_ v: T) { lock.lock(); value = v; lock.unlock() }
    func get() -> T? { lock.lock(); defer { lock.unlock() }; return value }
}
