import ArgumentParser
import Foundation
import SDUICrashAnalysis
import SDUICampaign
import SDUIDecoderSlice
import SDUIContract
#if HTTP
import SDUIContractHTTP
#endif
import SDUIContractProcess
import SDUILiteralMining
import SDUIPlugIn

struct ContractRulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules: stable IDs, names, severities and what each means."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: ArgumentHelp("Print the rules as text or as JSON.", valueName: "format"))
    var format: Format = .text

    func run() throws {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(ContractRule.all), as: UTF8.self))
        case .text:
            for severity in [Severity.breaking, .changed, .error] {
                print(severity == .error ? "error (exit 2: the run cannot be trusted)" : "\(severity.rawValue)")
                for rule in ContractRule.all where rule.severity == severity {
                    print("  \(rule.id)  \(rule.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(rule.summary)")
                }
            }
        }
    }
}

extension ContractReport.Format: ExpressibleByArgument {}
