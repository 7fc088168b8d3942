import SwiftUI

protocol ViewDataComponent: Decodable {
    static var viewType: String { get }

    @MainActor func makeView() -> AnyView
}

enum ViewDataRegistry {
    static let componentTypes: [String: any ViewDataComponent.Type] = [
        OneTextLineData.viewType: OneTextLineData.self,
        TwoTextLineData.viewType: TwoTextLineData.self,
        TextButtonData.viewType: TextButtonData.self,
        OneImageData.viewType: OneImageData.self,
        ProgressBarData.viewType: ProgressBarData.self,
    ]
}
