import SwiftUI

public struct BlockListView: View {
    let blocks: [Block]

    public init(data: Data) throws {
        blocks = try BlockDecoder.decode(data)
    }

    init(blocks: [Block]) {
        self.blocks = blocks
    }

    public var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                ForEach(blocks.indices, id: \.self) { index in
                    BlockView(block: blocks[index])
                }
            }
            .padding(.bottom, 24)
        }
    }
}

struct BlockView: View {
    let block: Block

    var body: some View {
        switch block {
        case .hero(let hero):
            HeroBlockView(block: hero)
        case .paragraph(let paragraph):
            ParagraphBlockView(block: paragraph)
        case .productRow(let row):
            ProductRowBlockView(block: row)
        case .callToAction(let cta):
            CallToActionBlockView(block: cta)
        case .divider:
            Divider().padding(.horizontal)
        }
    }
}

struct BlockListView_Previews: PreviewProvider {
    static var previews: some View {
        let url = Bundle.module.url(forResource: "landing", withExtension: "json")!
        return try! BlockListView(data: Data(contentsOf: url))
    }
}
