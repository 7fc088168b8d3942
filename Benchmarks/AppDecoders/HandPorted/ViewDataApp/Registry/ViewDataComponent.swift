import Foundation

protocol ViewDataComponent: Decodable {
    static var viewType: String { get }
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
