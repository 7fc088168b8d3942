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
