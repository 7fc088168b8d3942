import ArgumentParser
import SDUIPlugIn

@main
struct SDUI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sdui",
        abstract: "Keep server-driven UI clients from crashing or silently breaking when the server changes.",
        discussion: """
        sdui decodes and renders Screen protocol v1 payloads with the bundled
        reference decoder, fuzzes decoders, reproduces crashes, and gates server
        changes against golden renderings (`sdui contract`, `sdui serve`). Each
        subcommand documents its own exit status.

        EXIT STATUS (decode, render)
          0   decoded without warnings
          1   decoded with warnings
          2   rejected (the payload is not a valid screen)
          64  usage error (bad option or argument)
          66  the input could not be read
        """,
        version: SDUIHarnessVersion.current,
        subcommands: [InitCommand.self, DecodeCommand.self, RenderCommand.self, FuzzCommand.self, ReproCommand.self, ContractCommand.self, ServeCommand.self]
    )
}

/// What a command that needs the HTTP stack says in an `sdui` built without the `HTTP` trait
/// (`scripts/fuzz.sh`'s first build, in `.build-quick`: fuzzing needs no HTTP client).
let noHTTPBuild = "this sdui was built without its HTTP client (the `HTTP` trait off, as scripts/fuzz.sh builds it on a fresh clone); "
    + "build the full CLI with `swift build --product sdui` and run `.build/debug/sdui`"
