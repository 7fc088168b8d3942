import ArgumentParser
import Foundation
import SDUIContract
#if HTTP
import SDUIServe
#endif

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a contracts directory's recorded responses over HTTP (SwiftNIO).",
        discussion: """
        Each contract case answers its method and path (and its query items and
        headers, the most specific case first) with responses/<case>.json[.gz|.zz],
        negotiating Accept-Encoding: gzip, deflate or identity.
        responses/<case>.fault.json injects faults (status, delayMilliseconds,
        contentEncoding, truncateAfterBytes, location).

        Listens on loopback by default. Prints one line once it accepts connections:
          sdui serve: 12 responses on http://127.0.0.1:8080
        and serves until interrupted (SIGINT/SIGTERM).

        EXAMPLES
          sdui serve Contracts --port 8080
          sdui serve Contracts --port 0     # any free port, printed once it listens
        """
    )

    @Argument(help: ArgumentHelp("The contracts directory.", valueName: "dir"))
    var directory: String = "Contracts"

    @Option(help: ArgumentHelp("Address to listen on.", valueName: "host"))
    var host: String = "127.0.0.1"

    @Option(help: ArgumentHelp("Port (0: any free port).", valueName: "port"))
    var port: Int = 8080

    @Flag(help: "Log every request to standard error.")
    var log = false

    func run() async throws {
        #if HTTP
        try await serve()
        #else
        printError("sdui serve: \(noHTTPBuild)")
        throw ExitCode(2)
        #endif
    }

    #if HTTP
    private func serve() async throws {
        let server: RecordedServer
        do {
            server = try RecordedServer(suite: try ContractSuite.load(URL(fileURLWithPath: directory)))
        } catch {
            printError("sdui serve: \(error.description)")
            throw ExitCode(2)
        }
        let count = server.routes.count
        let host = self.host
        do {
            try await server.run(host: host, port: port, log: log) { bound in
                print("sdui serve: \(count) responses on http://\(host):\(bound)")
                fflush(nil)
            }
        } catch {
            printError("sdui serve: cannot serve on \(host):\(port): \(error)")
            throw ExitCode(2)
        }
    }
#endif
}
