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

struct ContractRecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Write the golden renderings that are missing (and, with --update, those that changed).",
        discussion: """
        Goldens are written atomically (a temporary file, then a rename). Without
        --update an existing golden is never overwritten: differences are reported as
        `check` reports them, with exit status 1. In CI (CI=true or --ci) nothing is
        written and a missing golden is an error (exit 2). Goldens no contract uses
        are reported as obsolete.

        EXAMPLES
          sdui contract record --base-url http://127.0.0.1:8080 --save-responses
          sdui contract record --offline --update --filter 'home@*'
        """
    )

    @OptionGroup var options: ContractRunOptions

    @Flag(help: "Rewrite goldens whose rendering changed.")
    var update = false

    @Flag(help: "Also keep each response as received under responses/ (for --offline and `sdui serve`).")
    var saveResponses = false

    func run() async throws {
        let code = await options.execute(mode: .record(update: update, saveResponses: saveResponses), failOn: .changed)
        if code != 0 { throw ExitCode(code) }
    }
}
