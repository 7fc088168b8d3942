import Foundation

/// Options renamed so that one name means one thing across every subcommand (`--package-path` a
/// package or repository folder, `--crash-store` the kept crash inputs, `--output` a folder and
/// `--output-file` a file, `--json` printing JSON, `--json-report` a JSON file beside the text).
/// The old names still work, hidden from `--help`, with a line on standard error saying what to
/// type instead; the CHANGELOG lists them.
enum DeprecatedNames {
    /// The value of a renamed option: the old name's when given (said on standard error), else the new one's.
    static func value<T>(_ new: T, newName: String, old: T?, oldName: String, command: String) -> T {
        guard let old else { return new }
        printError("\(command): \(oldName) is deprecated: use \(newName)")
        return old
    }

    /// The same for an option with no default (its value optional): a name not given is not used.
    static func optionalValue<T>(_ new: T?, newName: String, old: T?, oldName: String, command: String) -> T? {
        guard let old else { return new }
        printError("\(command): \(oldName) is deprecated: use \(newName)")
        return old
    }
}
