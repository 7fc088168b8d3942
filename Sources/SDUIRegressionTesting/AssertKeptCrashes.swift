import Foundation
import Testing
import XCTest

/// Replays every kept crash input of `decoder` (``KeptCrash/all(decoder:in:filePath:)``) through
/// `decode`, the decoder as the app calls it, in XCTest or Swift Testing:
///
/// ```swift
/// @Test func keptCrashesStayFixed() {
///     assertKeptCrashesStayFixed(decoder: "ShopApp") { data in try HomeScreen.decode(data) }
/// }
/// ```
///
/// A crash that comes back ends the test process (the line before it names the input); the test
/// fails when `decoder` is given and the store has none of its inputs (a renamed folder would
/// otherwise pass forever), unless `allowEmpty`. Returns the outcomes, in the store's order.
@discardableResult
public func assertKeptCrashesStayFixed<Decoded>(
    decoder: String? = nil,
    in directory: URL? = nil,
    allowEmpty: Bool = false,
    decode: (Data) throws -> Decoded,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> [(KeptCrash, KeptCrash.Outcome)] {
    let kept = KeptCrash.all(decoder: decoder, in: directory, filePath: filePath)
    if kept.isEmpty, decoder != nil, !allowEmpty {
        let message = "no kept crash inputs of \(decoder!) in \(directory?.path ?? "a Corpus/crashes folder above \(filePath)"): "
            + "keep one with `sdui repro INPUT --keep`, or pass allowEmpty: true"
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
    return kept.map { ($0, $0.replay(decode)) }
}
