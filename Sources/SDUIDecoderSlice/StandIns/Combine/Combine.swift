// Stand-in for Combine: the types view models and services declare, with nothing published.
@_exported import Foundation

/// A cancellation token; `store(in:)` keeps it as Combine's does.
public final class AnyCancellable: Hashable, @unchecked Sendable {
    private let cancelAction: () -> Void
    public init(_ cancel: @escaping () -> Void = {}) { cancelAction = cancel }
    public func cancel() { cancelAction() }
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable { collection.append(self) }
    public static func == (a: AnyCancellable, b: AnyCancellable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

public protocol Cancellable { func cancel() }
extension AnyCancellable: Cancellable {}


/// What subscribers hear: nothing, since nothing is ever sent on.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

extension Publisher {
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable { AnyCancellable() }
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable { AnyCancellable() }
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher() }
    public func receive<S>(on scheduler: S) -> AnyPublisher<Output, Failure> { AnyPublisher() }
    public func map<T>(_ transform: @escaping (Output) -> T) -> AnyPublisher<T, Failure> { AnyPublisher() }
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable { AnyCancellable() }
}

public enum Subscribers {
    public enum Completion<Failure: Error> { case finished, failure(Failure) }
}

public struct AnyPublisher<Output, Failure: Error>: Publisher { public init() {} }
public struct Empty<Output, Failure: Error>: Publisher { public init() {} }
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    public let output: Output
    public init(_ output: Output) { self.output = output }
}

public final class PassthroughSubject<Output, Failure: Error>: Publisher, @unchecked Sendable {
    public init() {}
    public func send(_ value: Output) {}
    public func send(completion: Subscribers.Completion<Failure>) {}
}
extension PassthroughSubject where Output == Void { public func send() {} }

public final class CurrentValueSubject<Output, Failure: Error>: Publisher, @unchecked Sendable {
    public var value: Output
    public init(_ value: Output) { self.value = value }
    public func send(_ value: Output) { self.value = value }
    public func send(completion: Subscribers.Completion<Failure>) {}
}

public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never
    public init() {}
    public func send() {}
}

/// A class whose changes views observe; here nothing observes.
public protocol ObservableObject: AnyObject {}
extension ObservableObject {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

/// The value, stored; `$name` gives a publisher that never fires.
@propertyWrapper
public struct Published<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(initialValue: Value) { self.wrappedValue = initialValue }
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
    }
    public var projectedValue: Publisher { Publisher() }
}
