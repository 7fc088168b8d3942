import Foundation

enum BlockDecoder {
    /// The block schema this build understands; blocks that need a newer one are skipped.
    static let supportedSchema = 3

    private static let logger = Logger(subsystem: "com.example.AnyCodableKit", category: "BlockDecoder")

    static func decode(_ data: Data) throws -> [Block] {
        let document = try JSONDecoder().decode(BlockDocument.self, from: data)
        logger.debug("Decoding \(document.blocks.count) blocks, document version \(document.version)")
        let definitions = document.definitions ?? [:]
        return document.blocks.compactMap { block(from: $0, definitions: definitions) }
    }

    static func block(from raw: RawBlock, definitions: [String: RawBlock]) -> Block? {
        if let minSchema = raw.attributes["min_schema"]?.intValue, minSchema > supportedSchema {
            logger.debug("Skipping \(raw.kind): needs schema \(minSchema)")
            return nil
        }

        switch raw.kind {
        case "hero":
            return .hero(.load(from: raw.attributes))
        case "paragraph":
            return .paragraph(.load(from: raw.attributes))
        case "product_row":
            return .productRow(.load(from: raw.attributes))
        case "cta":
            return .callToAction(.load(from: raw.attributes))
        case "divider":
            return .divider
        case "reference":
            // Reusable blocks (legal footer, app banner) live in "definitions" and are referenced by name.
            guard let name = raw.attributes["ref"]?.stringValue, let definition = definitions[name] else {
                logger.debug("Dangling reference in \(raw.kind)")
                return nil
            }
            return block(from: definition, definitions: definitions)
        default:
            logger.debug("Unknown block kind \(raw.kind)")
            return nil
        }
    }
}
