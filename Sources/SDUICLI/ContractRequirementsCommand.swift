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

struct ContractRequirementsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requirements",
        abstract: "Find what every app version requires of the responses, by probing its decoder.",
        discussion: """
        For each client and each recorded response (responses/), the client's decoder
        is asked about variants of the response: every key removed, set to null, given
        each other JSON type; a string given an unknown value; a whole number written
        1.0 and 1.5, pushed past 32 and 64 bits; an array emptied. Each variant is
        rendered and compared with the response's own rendering as the gate compares
        goldens (rejected, a component not shown, a placeholder, only changed).

        Prints, per client and component kind, the required keys and their JSON types,
        the optional ones and whether null is accepted, the known discriminator values
        and what an unknown value costs; then what differs between the clients. Writes
        a JSON Schema (2020-12) per client, <dir>/<client>.schema.json, that a backend
        validates its responses against in any language. Probing is deterministic and
        bounded: at most --budget decodes per response (the report says when the
        budget ran out).

        EXAMPLES
          sdui contract requirements --package-path .
          sdui contract requirements --client 'ios-*' --schemas build/schemas --overwrite

        EXIT STATUS
          0 requirements found; 2 could not run (bad contract file, no recorded
          response, a client that cannot be built, a schema file that cannot be
          written).
        """
    )

    @OptionGroup var selection: ContractSelection

    @Option(help: ArgumentHelp("Decodes per response, at most.", valueName: "n"))
    var budget: Int = 3000

    @Option(help: ArgumentHelp("Where the JSON Schemas are written (default: <contracts>/requirements).", valueName: "dir"))
    var schemas: String?

    @Flag(help: "Overwrite schema files that differ from the new ones (otherwise they are kept and named).")
    var overwrite = false

    @Flag(help: "Print the requirements as JSON instead of text.")
    var json = false

    func validate() throws {
        if budget < 1 { throw ValidationError("--budget must be at least 1") }
    }

    func run() async throws {
        var request = RequirementsSession.Request(directory: selection.directory)
        request.filters = selection.filters
        request.clientFilters = selection.clientFilters
        request.budget = budget
        request.schemaDirectory = schemas ?? (selection.directory as NSString).appendingPathComponent("requirements")
        request.overwrite = overwrite
        let session = RequirementsSession(request, clients: { config in
            // A probe needs to know that a variant crashes, not where: no debug replay per crash.
            contractClients(config, packagePath: selection.packagePath, contractsFolder: selection.directory, clientFilters: selection.clientFilters,
                            noBuild: selection.noBuild, timeout: config.timeoutSeconds, explainsCrashes: false)
        }, candidates: { client in
            // The client's binary holds its decoder's strings (kinds it compares with among them).
            guard let binary = (client as? ProcessClient)?.launch.first else { return [] }
            return (try? DecoderLiterals.mineBinary(binary).strings) ?? []
        })
        let outcome: RequirementsSession.Outcome
        do { outcome = try await session.run() } catch {
            printError("sdui contract: \(error.description)")
            throw ExitCode(2)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(outcome.requirements), as: UTF8.self))
        } else {
            print(outcome.report, terminator: "")
        }
        let folder = request.schemaDirectory ?? ""
        for name in outcome.written { printError("sdui contract: wrote \((folder as NSString).appendingPathComponent(name))") }
        for name in outcome.kept {
            printError("sdui contract: kept \((folder as NSString).appendingPathComponent(name)): it differs from the new schema; pass --overwrite to replace it")
        }
        let unavailable = outcome.requirements.filter { r in r.fields.isEmpty && !r.errors.isEmpty }
        if !unavailable.isEmpty { throw ExitCode(2) }
    }
}
