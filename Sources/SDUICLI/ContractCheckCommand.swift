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

struct ContractCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fetch every contract's response, render it and compare it with its golden rendering.",
        discussion: """
        Each response is fetched (from the server, or with --offline from responses/),
        rendered by every client the config lists (the bundled reference decoder when
        it lists none; a team's own decoder is a product of --package-path), redacted,
        and compared with that client's golden: goldens/<contract>[@variant].txt, or
        goldens/<client>/<contract>[@variant].txt. Components the response sends that
        a client neither renders nor shows as a placeholder are found from the payload
        itself (rule SDUI-B008), so a decoder that drops them silently is still
        caught. Every difference gets a rule ID and a severity (`sdui contract rules`
        lists them): breaking when the client no longer understands something it did,
        changed when the rendering differs but the client understands it all.
        Unchanged responses pass whatever their key order, whitespace, number spelling
        or compression. Differences whose fingerprint is in the config's accept list
        do not fail.

        EXAMPLES
          sdui contract check --offline
          sdui contract check --base-url http://127.0.0.1:8080 --format github \\
            --junit contracts.xml
          sdui contract check --shard 2/4 --fail-on changed
          sdui contract check --offline --package-path . --client 'ios-*'
        """
    )

    @OptionGroup var options: ContractRunOptions

    /// The differences that fail the gate.
    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case breaking, changed
        var severity: Severity { self == .changed ? .changed : .breaking }
    }

    @Option(help: ArgumentHelp("Fail on breaking differences (the default) or on any difference (changed).", valueName: "severity"))
    var failOn: FailOn = .breaking

    func run() async throws {
        let code = await options.execute(mode: .check, failOn: failOn.severity)
        if code != 0 { throw ExitCode(code) }
    }
}
