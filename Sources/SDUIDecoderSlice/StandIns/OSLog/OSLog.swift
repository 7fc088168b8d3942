// Stand-in for OSLog's Logger: decoders log as they go; here every message is dropped.
@_exported import Foundation

public struct OSLogPrivacy: Sendable {
    public static let auto = OSLogPrivacy(), `public` = OSLogPrivacy(), `private` = OSLogPrivacy(), sensitive = OSLogPrivacy()
    public static func `private`(mask: OSLogPrivacy.Mask) -> OSLogPrivacy { OSLogPrivacy() }
    public enum Mask: Sendable { case hash, none }
}

public enum OSLogType: Sendable { case `default`, info, debug, error, fault }

/// A message built by interpolation, accepting os_log's `privacy:` and `format:` arguments.
public struct OSLogMessage: ExpressibleByStringInterpolation, Sendable {
    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {}
        public mutating func appendInterpolation<T>(_ value: @autoclosure () -> T, privacy: OSLogPrivacy = .auto) {}
        public mutating func appendInterpolation<T>(_ value: @autoclosure () -> T, align: Int = 0, privacy: OSLogPrivacy = .auto) {}
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: @autoclosure () -> T, format: OSLogFloatFormatting, privacy: OSLogPrivacy = .auto) {}
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: @autoclosure () -> T, format: OSLogIntegerFormatting, privacy: OSLogPrivacy = .auto) {}
    }
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: StringInterpolation) {}
}

public struct OSLogFloatFormatting: Sendable {
    public static func fixed(precision: Int) -> OSLogFloatFormatting { OSLogFloatFormatting() }
    public static let fixed = OSLogFloatFormatting()
}

public struct OSLogIntegerFormatting: Sendable {
    public static let decimal = OSLogIntegerFormatting(), hex = OSLogIntegerFormatting()
}

public struct Logger: Sendable {
    public init() {}
    public init(subsystem: String, category: String) {}
    public func log(_ message: OSLogMessage) {}
    public func log(level: OSLogType, _ message: OSLogMessage) {}
    public func trace(_ message: OSLogMessage) {}
    public func debug(_ message: OSLogMessage) {}
    public func info(_ message: OSLogMessage) {}
    public func notice(_ message: OSLogMessage) {}
    public func warning(_ message: OSLogMessage) {}
    public func error(_ message: OSLogMessage) {}
    public func critical(_ message: OSLogMessage) {}
    public func fault(_ message: OSLogMessage) {}
}

public final class OSLog: @unchecked Sendable {
    public static let `default` = OSLog()
    public init() {}
    public init(subsystem: String, category: String) {}
}

public func os_log(_ message: StaticString, log: OSLog = .default, type: OSLogType = .default, _ args: CVarArg...) {}
public func os_log(_ type: OSLogType, log: OSLog = .default, _ message: OSLogMessage) {}
