// The `view_type`/`view_data` app (seed shape 4), with the harness's ViewItemsDecoder: one file
// serves the fuzzer and the contract gate. Unknown view types keep their name in this decoder, so
// the rendering shows them as placeholders.
import Foundation
import SDUIFuzz
import ViewItemsDecoder

enum Target {
    static let harness = FuzzHarness(DecoderUnderTest(
        name: "android-3.1",
        decode: { try ViewItemsScreen.decode(Data(try FuzzPayload.text(of: $0))) },
        render: { $0.describe() },
        reencode: { [UInt8]((try? $0.encoded()) ?? Data()) },
        rendering: { screen in
            Rendering(components: screen.viewItems.map { item in
                switch item {
                case .oneTextLine(let title): .component("one_text_line", [.text("title", title)])
                case .twoTextLine(let title, let content): .component("two_text_line", [.text("title", title), .text("content", content)])
                case .textButton(let title): .component("text_button", [.text("title", title)])
                case .oneImage(let url): .component("one_image", [.link("image", url)])
                case .unknown(let type): .unsupported(type)
                }
            })
        }
    ), mutation: .compressed)
}

@_cdecl("LLVMFuzzerTestOneInput") public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { Target.harness.testOneInput(data, size) }
@_cdecl("LLVMFuzzerInitialize") public func initialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 { Target.harness.initialize(argc, argv) }
@_cdecl("LLVMFuzzerCustomMutator") public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int { Target.harness.mutate(data, size, maxSize, seed) }

#if !SDUI_LIBFUZZER
@main enum Replay { static func main() { FuzzReplay.main(Target.harness) } }  // normal builds: replay inputs, serve renderings
#endif
