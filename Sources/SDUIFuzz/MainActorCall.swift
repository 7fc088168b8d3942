/// Calls a decoder on the main actor's terms from a fuzz target, in Swift 5 and Swift 6 modules
/// alike, whatever it returns. libFuzzer calls every input on the process's main thread, so a
/// `@MainActor` decoder (common where models sit beside SwiftUI views) is called as the app calls
/// it, and `MainActor.assumeIsolated` traps loudly if that were ever false. The result crosses
/// back in a box: `assumeIsolated` wants a `Sendable` result, and a decoded screen of an app's
/// rarely is; it never leaves this thread, so nothing is shared.
public enum MainActorCall {
    public static func run<T>(_ body: @MainActor () throws -> T) throws -> T {
        let box = MainActor.assumeIsolated { UncheckedBox(Result { try body() }) }
        return try box.value.get()
    }
}

struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
