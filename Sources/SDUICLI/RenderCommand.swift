import ArgumentParser
import SDUIScreen

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Decode a payload and print its deterministic text rendering (the golden rendering).",
        discussion: """
        The rendering is a text tree of the decoded screen, with every placeholder and
        warning and its JSON path. It does not depend on key order, whitespace, number
        spelling or compression, so it is what contracts record and compare.

        EXAMPLES
          sdui render Corpus/seeds/home.json
          sdui render Corpus/seeds/home.json.gz > home.golden.txt

        EXIT STATUS
          0 decoded without warnings; 1 decoded with warnings; 2 rejected (the error
            goes to standard error); 64 usage error; 66 unreadable input.
        """
    )

    @OptionGroup var input: InputOptions

    func run() throws {
        switch try decodeInput(input) {
        case .success(let decoded):
            print(ScreenRenderer().render(decoded.screen), terminator: "")
            if !decoded.screen.warnings.isEmpty { throw ExitCode(1) }
        case .failure(let error):
            printError("sdui: \(input.displayName): " + ScreenRenderer().render(rejection: error), terminator: "")
            throw ExitCode(2)
        }
    }
}
